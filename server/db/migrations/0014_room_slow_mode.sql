ALTER TABLE "rooms" ADD COLUMN "slow_mode_seconds" integer DEFAULT 0 NOT NULL;
