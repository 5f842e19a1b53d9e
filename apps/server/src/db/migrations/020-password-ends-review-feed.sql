-- A new password ends the account's private review-feed link too, whatever sets it (a change, a
-- reset link): whoever took the old password may have taken the feed's address with it. As with a
-- new role or disabling (016-feeds.sql), the token goes for good; the moderator makes a new one.
DROP TRIGGER users_drop_review_feed_token ON users;

CREATE TRIGGER users_drop_review_feed_token AFTER UPDATE OF role, disabled, password_hash ON users
  FOR EACH ROW WHEN (
    NEW.role NOT IN ('moderator', 'admin') OR NEW.disabled
    OR NEW.password_hash IS DISTINCT FROM OLD.password_hash
  )
  EXECUTE FUNCTION karta_drop_review_feed_token();
