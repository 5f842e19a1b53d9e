import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { firstViewTestMessages } from '../../testing/messages.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { loadAllMessages } from './all-messages.ts';
import { createI18n } from './i18n.ts';
import { lazyWithAllMessages } from './lazy-with-all-messages.tsx';

/** A screen whose message is not one of the first view's. */
function PlaceScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <p>
      {t('placePage.back')} ({id})
    </p>
  );
}

function renderLazily(i18n = createI18n('en', firstViewTestMessages('en'))) {
  const load = vi.fn(async () => PlaceScreen);
  const Screen = lazyWithAllMessages(load);
  renderWithApp(
    <Suspense fallback={<p>loading</p>}>
      <Screen id={7} />
    </Suspense>,
    { i18n },
  );
  return { load };
}

describe('lazyWithAllMessages', () => {
  it('shows its fallback until both the chunk and the rest of the messages are in, then the screen', async () => {
    renderLazily();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Back to the map (7)')).toBeInTheDocument();
  });

  it('waits only for its chunk when the messages are in already', async () => {
    const i18n = createI18n('en', firstViewTestMessages('en'));
    await loadAllMessages(i18n);
    const { load } = renderLazily(i18n);
    expect(await screen.findByText('Back to the map (7)')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
