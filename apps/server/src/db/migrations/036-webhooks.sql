-- Webhooks (docs/decisions/032-webhooks.md): URLs an admin registers for events on places, notes
-- and reports, optionally only for some categories. Each event is written as one delivery per
-- matching webhook, with the job that sends it, by triggers on the tables themselves: so in the
-- same transaction as the change, whichever path made it (a moderator, an import, SQL).
CREATE TABLE webhooks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url text NOT NULL CHECK (length(url) <= 2000),
  events text[] NOT NULL CHECK (
    cardinality(events) >= 1
    AND events <@ ARRAY['place.published', 'place.updated', 'place.archived', 'note.published', 'flag.created']::text[]
  ),
  -- Only places of these categories (and their notes and reports); NULL: every category.
  category_ids integer[],
  -- The signing secret (`whsec_` and base64), shown once; needed in clear to sign each delivery.
  secret text NOT NULL CHECK (secret ~ '^whsec_[A-Za-z0-9+/=]{20,100}$'),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Deliveries given up one after another; past a few the webhook is switched off.
  failures_in_a_row integer NOT NULL DEFAULT 0,
  disabled_at timestamptz
);

CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id bigint NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  -- The `webhook-id` header: the same for every attempt, so a receiver can drop repeats.
  message_id text NOT NULL UNIQUE,
  event text NOT NULL,
  -- The place, note or report the event is about.
  subject_id bigint NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  -- The body, written at the first attempt and sent unchanged at each next one.
  payload jsonb,
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text CHECK (length(last_error) <= 500),
  delivered_at timestamptz,
  given_up_at timestamptz
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id DESC);

-- One delivery per live webhook that asks for `event` (and the category), each with its job.
CREATE FUNCTION karta_queue_webhooks(event text, subject bigint, category integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks WHERE disabled_at IS NULL) THEN
    RETURN;
  END IF;
  WITH made AS (
    INSERT INTO webhook_deliveries (webhook_id, message_id, event, subject_id)
    SELECT id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), event, subject
    FROM webhooks
    WHERE disabled_at IS NULL AND event = ANY (events) AND (category_ids IS NULL OR category = ANY (category_ids))
    RETURNING id
  )
  -- `webhook.deliver`, 8 attempts: jobs/job-queue.ts's columns, webhooks/webhook-delivery.ts's kind.
  INSERT INTO jobs (kind, payload, unique_key, max_attempts)
  SELECT 'webhook.deliver', jsonb_build_object('deliveryId', id), 'webhook:' || id, 8 FROM made;
END;
$$;

CREATE FUNCTION karta_place_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND (TG_OP = 'INSERT' OR OLD.status <> 'published') THEN
    PERFORM karta_queue_webhooks('place.published', NEW.id, NEW.category_id);
  ELSIF TG_OP = 'UPDATE' AND NEW.status = 'published' AND OLD.status = 'published' AND NEW.version <> OLD.version THEN
    PERFORM karta_queue_webhooks('place.updated', NEW.id, NEW.category_id);
  ELSIF TG_OP = 'UPDATE' AND NEW.status = 'archived' AND OLD.status <> 'archived' THEN
    PERFORM karta_queue_webhooks('place.archived', NEW.id, NEW.category_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER places_webhooks AFTER INSERT OR UPDATE ON places
  FOR EACH ROW EXECUTE FUNCTION karta_place_webhooks();

CREATE FUNCTION karta_note_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'published' AND (TG_OP = 'INSERT' OR OLD.state <> 'published') THEN
    PERFORM karta_queue_webhooks('note.published', NEW.id, (SELECT category_id FROM places WHERE id = NEW.place_id));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER place_notes_webhooks AFTER INSERT OR UPDATE OF state ON place_notes
  FOR EACH ROW EXECUTE FUNCTION karta_note_webhooks();

CREATE FUNCTION karta_flag_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM karta_queue_webhooks('flag.created', NEW.id, (SELECT category_id FROM places WHERE id = NEW.place_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER flags_webhooks AFTER INSERT ON flags
  FOR EACH ROW EXECUTE FUNCTION karta_flag_webhooks();
