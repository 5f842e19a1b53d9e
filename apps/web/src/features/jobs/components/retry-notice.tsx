import type { Ref } from 'react';

/** What happened to the last "Run again": a message that says so, or why it was refused. */
export interface RetryOutcome {
  text: string;
  error: boolean;
}

/**
 * The outcome of the last "Run again", above the list: the row may leave the filtered list once
 * its job is queued again, so the message (and the focus, moved to it) does not live in the row.
 */
export function RetryNotice({
  outcome,
  ref,
}: {
  outcome: RetryOutcome | null;
  ref: Ref<HTMLParagraphElement>;
}) {
  return (
    <div role="status">
      {outcome && (
        <p
          ref={ref}
          tabIndex={-1}
          data-testid={outcome.error ? 'job-retry-error' : 'job-retried'}
          className={`rounded-lg px-3 py-2 text-sm ${
            outcome.error ? 'border border-red-200 bg-red-50 text-red-800' : 'bg-green-50 text-green-800'
          }`}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
