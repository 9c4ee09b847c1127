import { describe, expect, it } from 'vitest';
import { labelSwaggerControls } from './label-swagger-controls.ts';

describe('labelSwaggerControls', () => {
  it('names parameter selects and makes code samples focusable, also when drawn later', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<table><tbody><tr data-param-name="sort"><td><select></select></td></tr></tbody></table>';
    const stop = labelSwaggerControls(root);
    expect(root.querySelector('select')?.getAttribute('aria-label')).toBe('Value of sort');

    root.insertAdjacentHTML('beforeend', '<div class="highlight-code"><pre class="microlight">{}</pre></div>');
    await Promise.resolve();
    expect(root.querySelector<HTMLElement>('.microlight')?.tabIndex).toBe(0);
    stop();
  });
});
