-- Identity numbers in full (shared/permissions/roles.ts, docs/decisions/058): existing databases' backoffice role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'identity_numbers', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'identity_numbers');
