/** Capture: whether the hooks are receiving, the timed pause, the hooks and import cards of Health. */
export { useCapture, type CaptureState } from './api/useCapture';
export { CaptureBanner } from './components/CaptureBanner';
export { PauseMenu } from './components/PauseMenu';
export { HooksCard, ImportCard } from './components/HealthCapture';
