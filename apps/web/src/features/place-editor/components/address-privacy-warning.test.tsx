import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PlaceEditor } from './place-editor.tsx';

function renderEditor(language = 'en') {
  renderWithApp(
    <PlaceEditor
      categories={[{ id: 1, name: 'Shelter' }]}
      renderMap={() => <div />}
      onSaved={vi.fn()}
      cancelHref="/"
    />,
    { language, config: testConfig({ languages: ['hr', 'en'] }) },
  );
}

const warning = () => screen.queryByTestId('address-privacy-warning');

describe('the address warning of a coarse place', () => {
  it('warns while the position is coarse and an address is given, in the words of that coarseness', async () => {
    renderEditor();
    await userEvent.type(screen.getByTestId('field-address'), 'Ilica 1');
    // Exact: the address gives nothing away.
    expect(warning()).toBeNull();
    await userEvent.click(screen.getByTestId('privacy-100m'));
    expect(warning()).toHaveTextContent('can give away the exact spot that “About 100 m” hides');
    await userEvent.click(screen.getByTestId('privacy-1km'));
    expect(warning()).toHaveTextContent('“About 1 km”');
    await userEvent.clear(screen.getByTestId('field-address'));
    expect(warning()).toBeNull();
    await userEvent.type(screen.getByTestId('field-address'), '   ');
    expect(warning()).toBeNull();
  });

  it('is in the reader’s language', async () => {
    renderEditor('hr');
    await userEvent.click(await screen.findByTestId('privacy-1km'));
    await userEvent.type(screen.getByTestId('field-address'), 'Ilica 1');
    expect(warning()).toHaveTextContent('Adresu vide svi');
  });
});
