DROP INDEX `steps_tool_idx`;--> statement-breakpoint
CREATE INDEX `steps_tool_idx` ON `steps` (`tool`,`episode_id`);--> statement-breakpoint
CREATE INDEX `episodes_started_at_idx` ON `episodes` (`started_at`);--> statement-breakpoint
CREATE INDEX `scores_name_idx` ON `scores` (`name`,`episode_id`,`value`);