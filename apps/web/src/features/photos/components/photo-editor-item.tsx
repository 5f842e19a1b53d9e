import type { Photo, PhotoLicence } from '@karta/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { languageNameIn } from '../../../lib/i18n/locales.ts';
import { useDeletePhoto, useUpdatePhoto } from '../api/photo-writes.ts';
import { type PhotoDraft, usePhotoDraft } from '../hooks/use-photo-draft.ts';
import { LICENCES } from '../utils/photo-text.ts';
import { PhotoImage } from './photo-image.tsx';

const inputStyle = 'mt-1 w-full rounded-lg border border-gray-300 px-2.5 py-1.5 text-sm';

interface PhotoEditorItemProps {
  photo: Photo;
  /** The site's languages, in the order forms show them: one alt text field each. */
  languages: readonly string[];
  /** Whether the reader may change its texts (its uploader while it waits; moderators). */
  editable: boolean;
  /** Whether the reader may delete it (its uploader; moderators). */
  removable: boolean;
  /** Move it one place earlier or later in the place's order; absent when the reader may not. */
  onMove?(step: -1 | 1): void;
  isFirst: boolean;
  isLast: boolean;
  /** The texts being typed, when the caller needs them too (Publish saves them); else kept here. */
  draft?: PhotoDraft;
}

/** One photo of a place being edited: what it shows (per language), its licence and credit, and its place in the order. */
export function PhotoEditorItem({
  photo,
  languages,
  editable,
  removable,
  onMove,
  isFirst,
  isLast,
  draft: given,
}: PhotoEditorItemProps) {
  const { t, i18n } = useTranslation();
  const own = usePhotoDraft(photo);
  const { alt, setAlt, licence, setLicence, author, setAuthor, described } = given ?? own;
  const update = useUpdatePhoto();
  const remove = useDeletePhoto();

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: photo.id, ...(given ?? own).patch() });
  };

  return (
    <li
      className="rounded-lg border border-gray-200 p-3"
      data-testid="photo-editor-item"
      data-photo-id={photo.id}
    >
      <div className="flex gap-3">
        <PhotoImage
          photo={photo}
          size="thumb"
          alt=""
          className="w-24 shrink-0 rounded-md object-cover sm:w-32"
        />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-gray-900">{t(`photos.status.${photo.status}`)}</p>
          {!described && <p className="mt-0.5 text-amber-800">{t('photos.needsAlt')}</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            {onMove && (
              <>
                <button
                  type="button"
                  className={buttonStyles.action}
                  disabled={isFirst}
                  onClick={() => onMove(-1)}
                  data-testid="photo-move-earlier"
                >
                  {t('photos.moveEarlier')}
                </button>
                <button
                  type="button"
                  className={buttonStyles.action}
                  disabled={isLast}
                  onClick={() => onMove(1)}
                  data-testid="photo-move-later"
                >
                  {t('photos.moveLater')}
                </button>
              </>
            )}
            {removable && (
              <button
                type="button"
                className={buttonStyles.action}
                disabled={remove.isPending}
                onClick={() => remove.mutate(photo.id)}
                data-testid="photo-remove"
              >
                {t('photos.remove')}
              </button>
            )}
          </div>
          {remove.isError && (
            <p role="alert" className="mt-1 text-red-700">
              {t(errorMessageKey(remove.error))}
            </p>
          )}
        </div>
      </div>
      {editable && (
        <form className="mt-3 space-y-3" onSubmit={save}>
          {languages.map((language) => (
            <label key={language} className="block text-sm text-gray-800">
              <span className="font-medium">
                {t('photos.altLabel', { language: languageNameIn(language, i18n.language) })}
              </span>
              <input
                className={inputStyle}
                lang={language}
                maxLength={300}
                value={alt[language] ?? ''}
                onChange={(event) => setAlt({ ...alt, [language]: event.target.value })}
                data-testid={`photo-alt-${language}`}
              />
            </label>
          ))}
          <p className="text-xs text-gray-600">{t('photos.altHelp')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm text-gray-800">
              <span className="font-medium">{t('photos.licence')}</span>
              <select
                className={inputStyle}
                value={licence}
                onChange={(event) => setLicence(event.target.value as PhotoLicence)}
                data-testid="photo-licence"
              >
                {(Object.keys(LICENCES) as PhotoLicence[]).map((value) => (
                  <option key={value} value={value}>
                    {LICENCES[value].name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm text-gray-800">
              <span className="font-medium">{t('photos.author')}</span>
              <input
                className={inputStyle}
                maxLength={200}
                value={author}
                onChange={(event) => setAuthor(event.target.value)}
                data-testid="photo-author"
              />
            </label>
          </div>
          <div className="flex items-center gap-3">
            <button
              type="submit"
              className={buttonStyles.secondary}
              disabled={update.isPending}
              data-testid="photo-save"
            >
              {t('photos.save')}
            </button>
            <span role="status" className="text-sm text-gray-700">
              {update.isSuccess && t('photos.saved')}
            </span>
          </div>
          {update.isError && (
            <p role="alert" className="text-sm text-red-700">
              {t(errorMessageKey(update.error))}
            </p>
          )}
        </form>
      )}
    </li>
  );
}
