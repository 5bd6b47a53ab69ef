-- Identity numbers in full (shared/permissions/roles.ts, docs/decisions/058): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'identity_numbers', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'identity_numbers');
