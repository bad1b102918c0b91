import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiProvider } from '@/api/context';
import type { FakeApi } from './fakeApi';

export function renderWith(api: FakeApi, ui: ReactNode): RenderResult {
  return render(<ApiProvider api={api}>{ui}</ApiProvider>);
}
