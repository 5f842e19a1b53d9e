import {
  COMMENT_MAX,
  type NoteEffect,
  type NoteInput,
  type NoteKind,
  STATUS_NOTE_MAX,
  STATUS_NOTE_MAX_DAYS,
} from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { wentUnanswered } from '../../../lib/unanswered.ts';
import { useCreateNote } from '../api/place-notes.ts';

const KINDS: readonly NoteKind[] = ['status', 'comment'];
const EFFECTS: readonly NoteEffect[] = ['closed_now', 'limited', 'normal'];
const MAX = { status: STATUS_NOTE_MAX, comment: COMMENT_MAX } as const;

/** What the visitor is told once the note has left the form. */
type Outcome = 'published' | 'pending' | 'unconfirmed' | 'kept';

/** `YYYY-MM-DDTHH:mm` in the browser's time, as `datetime-local` takes it. */
function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Characters as the server counts them (code points, so an emoji is one). */
const lengthOf = (text: string) => [...text].length;

interface NoteFormProps {
  placeId: number;
  /** Signed out: the form asks for the address the confirmation link goes to. */
  signedIn: boolean;
  /**
   * Keeps a signed-in author's note that could not reach the server, to be sent once online
   * (the app passes the offline drafts' keeper); without it such a note fails as any error.
   */
  onUnsent?(input: NoteInput): Promise<void>;
}

/**
 * "Report today's status" or "Add a comment" on a place: the kind, the text with a live count
 * against its limit, for a status note what it says of the place and an optional end, and for a
 * signed-out visitor an e-mail address to confirm by. Written in the interface language. A field
 * named `website` that people never see catches bots (the server drops notes that fill it).
 */
export function NoteForm({ placeId, signedIn, onUnsent }: NoteFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateNote(placeId);
  const [kind, setKind] = useState<NoteKind>('status');
  const [effect, setEffect] = useState<NoteEffect>('normal');
  const [text, setText] = useState('');
  const [until, setUntil] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [problems, setProblems] = useState<{ text?: string; until?: string; email?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [keeping, setKeeping] = useState(false);
  const ids = { kind: useId(), effect: useId(), text: useId(), count: useId(), until: useId() };
  const max = MAX[kind];
  const count = lengthOf(text);

  if (outcome) {
    return (
      <div data-testid="note-sent" data-outcome={outcome}>
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-3 text-sm text-green-900"
        >
          <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>{t(`placeNotes.form.${outcome}`)}</span>
        </p>
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3`}
          onClick={() => {
            setOutcome(null);
            create.reset();
          }}
        >
          {t('placeNotes.form.another')}
        </button>
      </div>
    );
  }

  const inputOf = (): NoteInput | null => {
    const found: typeof problems = {};
    const trimmed = text.trim();
    if (trimmed === '') found.text = t('placeNotes.form.required');
    else if (lengthOf(trimmed) > max) found.text = t('placeNotes.form.tooLong', { max });
    let expiresAt: string | undefined;
    if (kind === 'status' && until !== '') {
      const at = new Date(until).getTime();
      const now = Date.now();
      if (Number.isNaN(at) || at <= now || at > now + STATUS_NOTE_MAX_DAYS * 86_400_000) {
        found.until = t('placeNotes.form.untilInvalid');
      } else expiresAt = new Date(at).toISOString();
    }
    if (!signedIn && email.trim() === '') found.email = t('placeNotes.form.emailRequired');
    setProblems(found);
    if (Object.keys(found).length > 0) return null;
    return {
      kind,
      text: trimmed,
      language: i18n.language,
      ...(kind === 'status' ? { effect, expiresAt } : {}),
      ...(signedIn ? {} : { email: email.trim() }),
      // Sent as the form has it: only a bot fills it in.
      ...(website !== '' ? { website } : {}),
    };
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending || keeping) return;
    const input = inputOf();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (receipt) =>
        setOutcome(
          receipt.state === 'published'
            ? 'published'
            : receipt.state === 'pending'
              ? 'pending'
              : 'unconfirmed',
        ),
      onError: (error) => {
        if (!onUnsent || !signedIn || !wentUnanswered(error)) return;
        setKeeping(true);
        void onUnsent(input)
          .then(() => setOutcome('kept'))
          .finally(() => setKeeping(false));
      },
    });
  };

  const showError = create.isError && !(onUnsent && signedIn && wentUnanswered(create.error));
  const now = new Date();
  const radio = 'mt-0.5 size-4 shrink-0 accent-blue-700';
  const choice =
    'flex cursor-pointer items-start gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-checked:border-blue-700 has-checked:bg-blue-50';

  return (
    <form onSubmit={submit} noValidate data-testid="note-form" className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">{t('placeNotes.form.kindLegend')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {KINDS.map((value) => (
            <label key={value} className={choice}>
              <input
                type="radio"
                name={ids.kind}
                value={value}
                data-testid={`note-kind-${value}`}
                checked={kind === value}
                onChange={() => setKind(value)}
                className={radio}
              />
              <span>{t(`placeNotes.form.kinds.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'status' && (
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">{t('placeNotes.form.effectLegend')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {EFFECTS.map((value) => (
              <label key={value} className={choice}>
                <input
                  type="radio"
                  name={ids.effect}
                  value={value}
                  data-testid={`note-effect-${value}`}
                  checked={effect === value}
                  onChange={() => setEffect(value)}
                  className={radio}
                />
                <span>{t(`placeNotes.form.effects.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={ids.text} className="block text-sm font-medium text-gray-900">
            {t(kind === 'status' ? 'placeNotes.form.statusText' : 'placeNotes.form.commentText')}
          </label>
          <span
            id={ids.count}
            data-testid="note-count"
            className={`text-sm tabular-nums ${count > max ? 'font-semibold text-red-700' : 'text-gray-600'}`}
          >
            {t('placeNotes.form.count', { count, max })}
          </span>
        </div>
        <textarea
          id={ids.text}
          name="text"
          data-testid="note-text"
          rows={kind === 'status' ? 2 : 4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={[ids.count, problems.text ? `${ids.text}-error` : null].filter(Boolean).join(' ')}
          className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base sm:text-sm"
        />
        <FieldMessages
          field="text"
          hintId={`${ids.text}-hint`}
          error={problems.text}
          errorId={`${ids.text}-error`}
        />
      </div>

      {kind === 'status' && (
        <div>
          <label htmlFor={ids.until} className="block text-sm font-medium text-gray-900">
            {t('placeNotes.form.until')}
          </label>
          <input
            id={ids.until}
            type="datetime-local"
            name="until"
            data-testid="note-until"
            value={until}
            min={localInputValue(now)}
            max={localInputValue(new Date(now.getTime() + STATUS_NOTE_MAX_DAYS * 86_400_000))}
            onChange={(event) => setUntil(event.target.value)}
            aria-invalid={problems.until ? true : undefined}
            aria-describedby={`${ids.until}-hint${problems.until ? ` ${ids.until}-error` : ''}`}
            className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base sm:w-auto sm:text-sm"
          />
          <FieldMessages
            field="until"
            hint={t('placeNotes.form.untilHint')}
            hintId={`${ids.until}-hint`}
            error={problems.until}
            errorId={`${ids.until}-error`}
          />
        </div>
      )}

      {!signedIn && (
        <TextField
          name="note-email"
          label={t('placeNotes.form.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          onBlur={() => {}}
          hint={t('placeNotes.form.emailHint')}
          error={problems.email}
        />
      )}

      {/* Never seen by people, nor reached with the keyboard, nor read out: only bots fill it in. */}
      <div aria-hidden="true" data-testid="note-trap" className="sr-only">
        <label>
          {t('placeNotes.form.honeypot')}
          <input
            type="text"
            name="website"
            data-testid="note-website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </label>
      </div>

      <FormAlert message={showError ? t(errorMessageKey(create.error)) : null} />

      <SubmitButton
        sending={create.isPending || keeping}
        busy={t('placeNotes.form.sending')}
        testId="send-note"
        className="w-full sm:w-auto"
      >
        {t('placeNotes.form.send')}
      </SubmitButton>
    </form>
  );
}
