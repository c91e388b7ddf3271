import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhotoPicker, type PhotoPickerLabels } from './photo-picker.tsx';
import { renderUi } from './testing/render-ui.tsx';

const labels: PhotoPickerLabels = {
  label: 'Photos',
  drop: 'Drop photos here',
  hint: 'Images only',
  browse: 'Browse',
  browseInput: 'Choose photos',
  takePhoto: 'Take Photo',
  cameraInput: 'Take a photo with the camera',
  remove: (name) => `Remove ${name}`,
  previewAlt: (name, number) => `Photo ${number}: ${name}`,
  problem: (problem, name) => `${name}: ${problem}`,
};

const image = (name: string, type = 'image/png') => new File(['png'], name, { type });

function Gallery() {
  const [photos, setPhotos] = useState<File[]>([]);
  return (
    <PhotoPicker
      photos={photos}
      onChange={setPhotos}
      maxPhotos={3}
      maxBytes={1024}
      invalid={false}
      labels={labels}
      listLabels={{ none: 'No photos yet.', first: 'Cover', tooMany: (max) => `At most ${max} photos.` }}
    />
  );
}

describe('PhotoPicker with several photos', () => {
  it('keeps the images in order, refuses the others by name and removes one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderUi(<Gallery />);
    expect(await screen.findByText('No photos yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose photos')).toHaveAttribute('multiple');
    await user.upload(screen.getByLabelText('Choose photos'), [
      image('first.png'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(1025)], 'huge.png', { type: 'image/png' }),
      image('second.webp', 'image/webp'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('notes.pdf: notImage');
    expect(screen.getByRole('alert')).toHaveTextContent('huge.png: tooLarge');
    expect(screen.getByRole('img', { name: 'Photo 1: first.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 2: second.webp' })).toBeInTheDocument();
    expect(screen.getByText('Cover')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove first.png' }));
    expect(screen.queryByRole('img', { name: /first\.png/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1: second.webp' })).toBeInTheDocument();
  });

  it('adds dropped and camera photos, and keeps no more than the maximum', async () => {
    const user = userEvent.setup();
    renderUi(<Gallery />);
    fireEvent.drop(await screen.findByRole('group', { name: 'Photos' }), {
      dataTransfer: { files: [image('a.png'), image('b.png')] },
    });
    await user.upload(screen.getByLabelText('Take a photo with the camera'), image('c.png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose photos'), [image('d.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('At most 3 photos.');
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Photo 1: a.png',
      'Photo 2: b.png',
      'Photo 3: c.png',
    ]);
  });
});
