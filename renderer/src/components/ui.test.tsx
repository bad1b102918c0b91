import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlight } from './ui';

afterEach(cleanup);

describe('Highlight', () => {
  it('wraps each <mark>…</mark> hit in a mark element and keeps the rest as text', () => {
    const { container } = render(<Highlight text="fix <mark>auth</mark> token in <mark>login</mark>.ts" />);
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['auth', 'login']);
    expect(container.textContent).toBe('fix auth token in login.ts');
  });

  it('never interprets anything else as HTML', () => {
    const evil = '<img src=x onerror="alert(1)"> <mark><b>bold</b></mark>';
    const { container } = render(<Highlight text={evil} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>bold</b>');
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>bold</b>');
  });

  it('copes with an unclosed mark', () => {
    const { container } = render(<Highlight text="a <mark>b" />);
    expect(container.querySelector('mark')?.textContent).toBe('b');
    expect(container.textContent).toBe('a b');
  });
});
