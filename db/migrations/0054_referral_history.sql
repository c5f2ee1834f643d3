-- Referral history (docs/decisions/0075): a referrer's list shows each referral as registered,
-- first order completed or returned. A returned first order is recorded on its reward, with the
-- points taken back from the referrer (at most what was still spendable), so the list can say so.
ALTER TABLE referral_reward ADD COLUMN returned_at timestamptz;
ALTER TABLE referral_reward ADD COLUMN points_taken_back integer NOT NULL DEFAULT 0;
ALTER TABLE referral_reward ADD CONSTRAINT referral_reward_points_taken_back_check
  CHECK (points_taken_back >= 0 AND points_taken_back <= points AND (returned_at IS NOT NULL OR points_taken_back = 0));

-- Returns before this migration are known by the ledger's take-back entry (source key `<referee>:returned`).
UPDATE referral_reward r
   SET returned_at = l.created_at, points_taken_back = LEAST(-l.points, r.points)
  FROM loyalty_ledger l
 WHERE l.source_type = 'referral' AND l.source_key = r.referee_uuid::text || ':returned' AND l.points < 0;

-- The history reads a referrer's referees newest first.
CREATE INDEX referral_customer_parent_joined ON referral_customer (parent_code, (COALESCE(parent_set_at, created_at)) DESC, uuid DESC);
