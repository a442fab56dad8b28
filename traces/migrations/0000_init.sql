CREATE TABLE `description_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`server` text NOT NULL,
	`descriptions` text NOT NULL,
	`content_hash` text NOT NULL,
	`tokens` integer NOT NULL,
	`origin` text NOT NULL,
	`origin_detail` text,
	`parents` text NOT NULL,
	`created_at` text NOT NULL,
	CONSTRAINT "description_versions_origin_check" CHECK(origin IN ('seed', 'optimizer', 'manual', 'imported'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `description_versions_server_hash_idx` ON `description_versions` (`server`,`content_hash`);--> statement-breakpoint
CREATE TABLE `episodes` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`task_id` text NOT NULL,
	`split` text NOT NULL,
	`repeat_index` integer NOT NULL,
	`seed` integer NOT NULL,
	`status` text NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`answer` text,
	`success` integer,
	`feedback` text,
	`stop_reason` text,
	`note` text,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "episodes_status_check" CHECK(status IN ('running', 'completed', 'error'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_run_task_repeat_idx` ON `episodes` (`run_id`,`task_id`,`repeat_index`);--> statement-breakpoint
CREATE INDEX `episodes_run_status_idx` ON `episodes` (`run_id`,`status`);--> statement-breakpoint
CREATE TABLE `response_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`finished_at` text,
	`status` text NOT NULL,
	`suite_name` text NOT NULL,
	`suite_path` text NOT NULL,
	`agent_id` text NOT NULL,
	`split` text NOT NULL,
	`repeats` integer NOT NULL,
	`seed` integer NOT NULL,
	`concurrency` integer NOT NULL,
	`version_ids` text NOT NULL,
	`config` text,
	CONSTRAINT "runs_status_check" CHECK(status IN ('running', 'completed', 'interrupted', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `runs_created_at_idx` ON `runs` (`created_at`);--> statement-breakpoint
CREATE TABLE `scores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`episode_id` text NOT NULL,
	`name` text NOT NULL,
	`value` real NOT NULL,
	`comment` text,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scores_episode_name_idx` ON `scores` (`episode_id`,`name`);--> statement-breakpoint
CREATE TABLE `steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
CREATE UNIQUE INDEX `steps_episode_seq_idx` ON `steps` (`episode_id`,`seq`);--> statement-breakpoint
CREATE INDEX `steps_tool_idx` ON `steps` (`tool`);