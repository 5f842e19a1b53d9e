import { PENDING_PHOTOS_PER_USER, PHOTOS_PER_PLACE } from '@karta/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { type ChosenPhoto, PhotoChooser } from './photo-chooser.tsx';

const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

/** The chooser with its photos held as the page holds them. */
function Chooser({ forReview = false }: { forReview?: boolean }) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  return (
    <PhotoChooser
      photos={photos}
      onAdd={(files) =>
        setPhotos((current) => [...current, ...files.map((photo) => ({ key: photo.name, photo }))])
      }
      onRemove={(key) => setPhotos((current) => current.filter((photo) => photo.key !== key))}
      forReview={forReview}
    />
  );
}

describe('PhotoChooser', () => {
  it('takes the photo types the server takes, shows each chosen one, and removes one', async () => {
    renderWithApp(<Chooser />);
    const input = screen.getByTestId('choose-photos');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    expect(screen.getByLabelText('Add photos')).toBe(input);

    await userEvent.upload(input, [jpeg('door.jpg'), jpeg('sign.jpg')]);
    expect(screen.getAllByTestId('chosen-photo')).toHaveLength(2);
    // A browser that cannot draw it (here jsdom) shows a tile named like the photo.
    expect(screen.getByRole('img', { name: 'Chosen photo 2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getAllByTestId('chosen-photo')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Add more photos')).toHaveFocus());
  });

  it('keeps to the photos a place may have, and says how many were left out, in Croatian too', async () => {
    renderWithApp(<Chooser />, { language: 'hr' });
    const files = Array.from({ length: PHOTOS_PER_PLACE + 2 }, (_, index) => jpeg(`${index}.jpg`));
    await userEvent.upload(screen.getByTestId('choose-photos'), files);
    expect(screen.getAllByTestId('chosen-photo')).toHaveLength(PHOTOS_PER_PLACE);
    expect(screen.getByTestId('chosen-photos-note')).toHaveTextContent(
      '2 fotografije nisu dodane: mjesto može imati najviše 8.',
    );
    expect(screen.queryByTestId('choose-photos')).toBeNull();
    expect(screen.getByText('Mjesto može imati najviše 8 fotografija.')).toBeInTheDocument();
  });

  it('keeps to the photos one person may have waiting for review when they will wait for it', async () => {
    renderWithApp(<Chooser forReview />);
    const files = Array.from({ length: 5 }, (_, index) => jpeg(`${index}.jpg`));
    await userEvent.upload(screen.getByTestId('choose-photos'), files);
    expect(screen.getAllByTestId('chosen-photo')).toHaveLength(PENDING_PHOTOS_PER_USER);
    expect(screen.getByTestId('chosen-photos-note')).toHaveTextContent(
      '3 photos were left out: you can send 2 of a place for review at a time.',
    );
    expect(screen.queryByTestId('choose-photos')).toBeNull();
    expect(screen.getByText('You can send 2 photos of a place for review at a time.')).toBeInTheDocument();
  });

  it('says the same in Croatian', async () => {
    renderWithApp(<Chooser forReview />, { language: 'hr' });
    const files = Array.from({ length: 3 }, (_, index) => jpeg(`${index}.jpg`));
    await userEvent.upload(screen.getByTestId('choose-photos'), files);
    expect(screen.getByTestId('chosen-photos-note')).toHaveTextContent(
      '1 fotografija nije dodana: na pregled istodobno možete poslati najviše 2.',
    );
    expect(
      screen.getByText('Na pregled istodobno možete poslati najviše 2 fotografije mjesta.'),
    ).toBeInTheDocument();
  });
});
