-- Explicit records. Runs get a kind (suite, optimize, experiment, proxy, imported) and their settings under that
-- name, one shape per kind (traces/run-settings.ts); the kind of an existing run comes from what an earlier tdo
-- stored: an optimizer_runs row or split 'optimize' is an optimize run, a `proxy` or `imported` block in its
-- config a proxy or imported one, anything else a suite run (an experiment's runs were not told apart before).
-- An optimize run's settings were stored twice (runs.config.optimize and optimizer_runs.settings, the latter with
-- the several-agent fields set after the run started): the optimizer_runs copy becomes the one kept.
-- Episodes of optimize runs get their evaluation ordinal, which they carried in repeat_index.
-- Steps and scores lose AUTOINCREMENT, and the tool index leaves out model steps.
-- Tables are rebuilt with foreign keys off (traces/open.ts migrates so), or dropping runs would cascade.
CREATE TABLE `__new_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`finished_at` text,
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`suite_name` text NOT NULL,
	`suite_path` text NOT NULL,
	`agent_id` text NOT NULL,
	`split` text NOT NULL,
	`repeats` integer NOT NULL,
	`seed` integer NOT NULL,
	`concurrency` integer NOT NULL,
	`version_ids` text NOT NULL,
	`settings` text NOT NULL,
	CONSTRAINT "runs_status_check" CHECK(status IN ('running', 'completed', 'interrupted', 'failed')),
	CONSTRAINT "runs_kind_check" CHECK(kind IN ('suite', 'optimize', 'experiment', 'proxy', 'imported'))
);
--> statement-breakpoint
INSERT INTO `__new_runs`("id", "created_at", "finished_at", "status", "kind", "suite_name", "suite_path", "agent_id", "split", "repeats", "seed", "concurrency", "version_ids", "settings")
SELECT `r`.`id`, `r`.`created_at`, `r`.`finished_at`, `r`.`status`,
  CASE
    WHEN `o`.`run_id` IS NOT NULL OR `r`.`split` = 'optimize' THEN 'optimize'
    WHEN json_type(`r`.`config`, '$.proxy') = 'object' THEN 'proxy'
    WHEN json_type(`r`.`config`, '$.imported') = 'object' THEN 'imported'
    ELSE 'suite'
  END,
  `r`.`suite_name`, `r`.`suite_path`, `r`.`agent_id`, `r`.`split`, `r`.`repeats`, `r`.`seed`, `r`.`concurrency`, `r`.`version_ids`,
  CASE
    WHEN json_type(`r`.`config`) IS NOT 'object' THEN '{}'
    WHEN `o`.`run_id` IS NOT NULL THEN json_set(`r`.`config`, '$.optimize', json(`o`.`settings`))
    ELSE `r`.`config`
  END
FROM `runs` AS `r` LEFT JOIN `optimizer_runs` AS `o` ON `o`.`run_id` = `r`.`id`;
--> statement-breakpoint
DROP TABLE `runs`;--> statement-breakpoint
ALTER TABLE `__new_runs` RENAME TO `runs`;--> statement-breakpoint
CREATE INDEX `runs_created_at_idx` ON `runs` (`created_at`);--> statement-breakpoint
ALTER TABLE `optimizer_runs` DROP COLUMN `settings`;--> statement-breakpoint
ALTER TABLE `episodes` ADD `evaluation` integer CONSTRAINT "episodes_evaluation_check" CHECK(evaluation IS NULL OR evaluation = repeat_index);--> statement-breakpoint
UPDATE `episodes` SET `evaluation` = `repeat_index` WHERE `run_id` IN (SELECT `id` FROM `runs` WHERE `kind` = 'optimize');--> statement-breakpoint
CREATE TABLE `__new_steps` (
	`id` integer PRIMARY KEY NOT NULL,
	`episode_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`started_at` text NOT NULL,
	`latency_ms` real NOT NULL,
	`server` text,
	`tool` text,
	`catalogue_name` text,
	`arguments` text,
	`result_text` text,
	`is_error` integer,
	`model` text,
	`input` text,
	`output` text,
	`tokens_in` integer,
	`tokens_out` integer,
	`cached` integer,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "steps_kind_check" CHECK(kind IN ('model', 'tool'))
);
--> statement-breakpoint
INSERT INTO `__new_steps`("id", "episode_id", "seq", "kind", "started_at", "latency_ms", "server", "tool", "catalogue_name", "arguments", "result_text", "is_error", "model", "input", "output", "tokens_in", "tokens_out", "cached") SELECT "id", "episode_id", "seq", "kind", "started_at", "latency_ms", "server", "tool", "catalogue_name", "arguments", "result_text", "is_error", "model", "input", "output", "tokens_in", "tokens_out", "cached" FROM `steps`;--> statement-breakpoint
DROP TABLE `steps`;--> statement-breakpoint
ALTER TABLE `__new_steps` RENAME TO `steps`;--> statement-breakpoint
CREATE UNIQUE INDEX `steps_episode_seq_idx` ON `steps` (`episode_id`,`seq`);--> statement-breakpoint
CREATE INDEX `steps_tool_idx` ON `steps` (`tool`,`episode_id`) WHERE tool IS NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_scores` (
	`id` integer PRIMARY KEY NOT NULL,
	`episode_id` text NOT NULL,
	`name` text NOT NULL,
	`value` real NOT NULL,
	`comment` text,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_scores`("id", "episode_id", "name", "value", "comment") SELECT "id", "episode_id", "name", "value", "comment" FROM `scores`;--> statement-breakpoint
DROP TABLE `scores`;--> statement-breakpoint
ALTER TABLE `__new_scores` RENAME TO `scores`;--> statement-breakpoint
CREATE INDEX `scores_episode_name_idx` ON `scores` (`episode_id`,`name`);--> statement-breakpoint
CREATE INDEX `scores_name_idx` ON `scores` (`name`,`episode_id`,`value`);
