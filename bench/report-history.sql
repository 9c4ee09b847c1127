-- What the bench seed leaves out and the reports read (bench/reports.sh): each merchant that left
-- the sales pipeline gets an earlier, closed stay in the entry stage (created_at → stage_entered_at),
-- and every decided merchant a decision time and one of five reasons. Written with triggers off
-- (replica mode, as seed:bench loads), then the report rollups are rebuilt once (decision 046):
-- one recount of every stay instead of a trigger recounting 700,000 merchants in one statement.
-- (Nothing here moves a merchant between merchant_counts keys.)
SET session_replication_role = replica;
-- The stays' copies of their live merchant's filters (decision 061) are written here, as the triggers would.
INSERT INTO merchant_stage_intervals (id, merchant_id, stage_id, pipeline, entered_at, left_at,
                                      live_agent_id, live_lead_source_id, live_industry_id, live_company_id)
SELECT gen_random_uuid(), m.id, (SELECT id FROM stages WHERE pipeline = 'sales' AND deleted_at IS NULL ORDER BY is_default DESC, position LIMIT 1), 'sales',
       m.created_at, m.stage_entered_at,
       CASE WHEN m.deleted_at IS NULL THEN m.agent_id END, CASE WHEN m.deleted_at IS NULL THEN m.lead_source_id END,
       CASE WHEN m.deleted_at IS NULL THEN m.industry_id END, CASE WHEN m.deleted_at IS NULL THEN m.company_id END
  FROM merchants m WHERE m.stage_entered_at > m.created_at AND m.pipeline <> 'sales';
UPDATE merchants SET decided_at = stage_entered_at,
  underwriting_reason = (ARRAY['Good processing history','Clean financials','High chargeback risk',
                               'Incomplete documents','Prohibited business'])[1 + abs(hashtext(id::text)) % 5]
 WHERE underwriting_decision <> 'pending';
SET session_replication_role = DEFAULT;
SELECT refresh_report_rollups();
VACUUM ANALYZE merchants;
VACUUM ANALYZE merchant_stage_intervals;
VACUUM ANALYZE report_stay_entries;
VACUUM ANALYZE report_stay_exits;
