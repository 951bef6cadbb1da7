import { useState } from 'preact/hooks';
import { describe, expect, it } from 'vitest';
import { TextAreaField, TextField } from '@/components/fields';
import { field, mount, typeInto } from '../dom';

/** A description field of at most 100 characters, holding what is typed. */
function Description({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return <TextAreaField label="Description" maxLength={100} value={value} onValue={setValue} />;
}

const hintOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const counter = () => document.querySelector('.counter');
const spoken = () => document.querySelector('[aria-live="polite"]')?.textContent;

describe('a text field with a limit', () => {
  it('says the limit in its hint, beside its own hint', async () => {
    await mount(
      <TextField label="Name" hint="Shown in the list." maxLength={100} value="" onValue={() => {}} />,
    );
    expect(hintOf(field('Name'))).toBe('Shown in the list. Up to 100 characters.');
  });

  it('counts only near the limit, and says politely how much is left', async () => {
    await mount(<Description />);
    await typeInto(field('Description'), 'x'.repeat(79));
    expect(counter()).toBeNull();
    expect(spoken()).toBe('');

    await typeInto(field('Description'), 'x'.repeat(85));
    expect(counter()?.textContent).toBe('85 / 100');
    expect(spoken()).toBe('10 characters left.');
    await typeInto(field('Description'), 'x'.repeat(99));
    expect(spoken()).toBe('1 character left.');
  });

  it('keeps a longer pasted text, whole, and says how much to remove', async () => {
    await mount(<Description />);
    await typeInto(field('Description'), 'x'.repeat(56_000));
    expect(field('Description').value).toHaveLength(56_000);
    expect(field('Description').hasAttribute('maxlength')).toBe(false);
    expect(counter()?.classList.contains('field-error')).toBe(true);
    expect(counter()?.textContent).toBe('56000 / 100 · At most 100 characters: remove 55900.');
    expect(spoken()).toBe('At most 100 characters: remove 55900.');
  });
});
