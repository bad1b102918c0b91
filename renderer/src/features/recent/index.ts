/** The Recent tab (the landing view) and the queue's activity line it shows. */
export { RecentView } from './components/RecentView';
export { QueueActivity } from './components/QueueActivity';
