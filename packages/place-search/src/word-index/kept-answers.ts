/**
 * Answers kept by their question until what they were read from changes: the same search asked
 * again (a popular word, the letters a type-ahead sends, the next page) is not read again. At most
 * `most` answers of `largest` places together; the least recently asked go first.
 */
export class KeptAnswers<Answer> {
  private readonly answers = new Map<string, Answer>();
  private places = 0;

  constructor(
    /** How many places an answer holds. */
    private readonly sizeOf: (answer: Answer) => number,
    private readonly most: number,
    private readonly largest: number,
  ) {}

  /** The answer kept for `question`, or `read()`'s, kept. */
  answer(question: string, read: () => Answer): Answer {
    const kept = this.answers.get(question);
    if (kept !== undefined || this.answers.has(question)) {
      this.answers.delete(question);
      this.answers.set(question, kept as Answer);
      return kept as Answer;
    }
    const answer = read();
    const size = this.sizeOf(answer);
    if (size > this.largest) return answer;
    this.answers.set(question, answer);
    this.places += size;
    for (const [oldest, old] of this.answers) {
      if (this.answers.size <= this.most && this.places <= this.largest) break;
      this.answers.delete(oldest);
      this.places -= this.sizeOf(old);
    }
    return answer;
  }

  /** Forgets every answer: what they were read from changed. */
  clear(): void {
    this.answers.clear();
    this.places = 0;
  }
}
