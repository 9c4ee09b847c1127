import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyPickerFilter } from './lazy-picker-filter.tsx';

const options = [
  { value: 'a1', label: 'Ada Agent' },
  { value: 'b2', label: 'Bob Broker' },
];

describe('LazyPickerFilter', () => {
  it('stands in with the label and the chosen option, then becomes the picker that takes the focus', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LazyPickerFilter label="Agent" value="b2" options={options} loading={false} onChange={onChange} />);
    const standIn = screen.getByRole('combobox', { name: 'Agent' });
    expect(standIn).toHaveValue('Bob Broker');
    expect(document.querySelector('.MuiAutocomplete-root')).toBeNull();

    // Tab to it, as a keyboard user does: the focus is on the stand-in before the picker arrives.
    // (A click in jsdom goes to the element it was aimed at; in a browser, the pointer over the
    // stand-in has usually brought the picker before the click, which then lands on the picker.)
    // The picker's module may arrive within the Tab itself (it is loaded on focus, and a module
    // another test loaded comes at once), replacing the stand-in before the next line runs: what
    // is checked is that the stand-in took the focus, then that the picker has it.
    let standInFocused = false;
    standIn.addEventListener('focus', () => (standInFocused = true));
    await user.tab();
    expect(standInFocused).toBe(true);
    await waitFor(() => expect(document.querySelector('.MuiAutocomplete-root')).not.toBeNull());
    const picker = screen.getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(picker).toHaveFocus());
    expect(picker).toHaveValue('Bob Broker');

    await user.clear(picker);
    await user.type(picker, 'Ada');
    await user.click(await screen.findByRole('option', { name: 'Ada Agent' }));
    expect(onChange).toHaveBeenLastCalledWith('a1');
  });
});
