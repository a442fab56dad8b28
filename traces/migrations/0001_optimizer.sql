CREATE TABLE `optimizer_candidates` (
	`run_id` text NOT NULL,
	`candidate` integer NOT NULL,
	`origin` text NOT NULL,
	`iteration` integer NOT NULL,
	`parents` text NOT NULL,
	`descriptions` text NOT NULL,
	`candidate_hash` text NOT NULL,
	`val_scores` text NOT NULL,
	`val_mean` real NOT NULL,
	`val_metrics` text NOT NULL,
	`budget_used` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "optimizer_candidates_origin_check" CHECK(origin IN ('seed', 'mutation', 'merge'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `optimizer_candidates_run_candidate_idx` ON `optimizer_candidates` (`run_id`,`candidate`);--> statement-breakpoint
CREATE TABLE `optimizer_evaluations` (
	`run_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`purpose` text NOT NULL,
	`iteration` integer NOT NULL,
	`candidate_hash` text NOT NULL,
	`task_ids` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "optimizer_evaluations_purpose_check" CHECK(purpose IN ('val', 'minibatch-parent', 'minibatch-child', 'merge-subsample', 'report'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `optimizer_evaluations_run_ordinal_idx` ON `optimizer_evaluations` (`run_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `optimizer_proposals` (
	`run_id` text NOT NULL,
	`iteration` integer NOT NULL,
	`kind` text NOT NULL,
	`parents` text NOT NULL,
	`component` text,
	`proposer` text,
	`proposal` text NOT NULL,
	`minibatch` text NOT NULL,
	`scores_before` text,
	`scores_after` text,
	`accepted` integer,
	`reason` text,
	`child` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "optimizer_proposals_kind_check" CHECK(kind IN ('mutation', 'merge'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `optimizer_proposals_run_iteration_idx` ON `optimizer_proposals` (`run_id`,`iteration`);--> statement-breakpoint
CREATE TABLE `optimizer_runs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`target` text NOT NULL,
	`server` text NOT NULL,
	`settings` text NOT NULL,
	`seed_version_id` text NOT NULL,
	`best_version_id` text,
	`budget_used` integer,
	`stop_reason` text,
	`summary` text,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
