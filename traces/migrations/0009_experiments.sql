CREATE TABLE `experiments` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`suites` text NOT NULL,
	`agent_id` text NOT NULL,
	`verdict` text NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `experiments_created_at_idx` ON `experiments` (`created_at`);--> statement-breakpoint
ALTER TABLE `runs` ADD `suite_check` text;