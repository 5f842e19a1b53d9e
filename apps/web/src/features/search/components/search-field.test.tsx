import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { SearchField } from './search-field.tsx';

function renderField(value?: string) {
  fakeApi({ 'GET /api/v1/places/suggestions': { status: 200, body: { items: [] } } });
  const onSubmit = vi.fn<(text: string) => void>();
  renderWithApp(
    <SearchField
      value={value}
      origin={{ lat: 45.81, lng: 15.97 }}
      categoryOf={(slug) => ({ name: slug, color: '#000' })}
      onSubmit={onSubmit}
      onChoose={vi.fn()}
      onChooseAddress={vi.fn()}
    />,
  );
  return { onSubmit, field: screen.getByRole('textbox', { name: 'Search places' }) };
}

describe('the header search field', () => {
  it('is a plain field first, and searches on Enter before the suggestions have loaded', () => {
    const { onSubmit, field } = renderField('cvjetni');
    expect(field).toHaveValue('cvjetni');
    expect(screen.queryByRole('combobox')).toBeNull();
    // A change without focus: the combobox has not been asked for yet.
    fireEvent.change(field, { target: { value: '  Željeznički ' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledWith('Željeznički');
  });

  it('hands over to the combobox when the user reaches for it, keeping the text, the focus and the caret', async () => {
    const user = userEvent.setup();
    const { field } = renderField();
    await user.click(field);
    await user.keyboard('crnom');
    const combobox = await screen.findByRole('combobox', { name: 'Search places' });
    expect(combobox).not.toBe(field);
    expect(combobox).toHaveValue('crnom');
    expect(combobox).toHaveFocus();
    expect((combobox as HTMLInputElement).selectionStart).toBe(5);
    await user.keyboard('erec');
    expect(combobox).toHaveValue('crnomerec');
  });
});
