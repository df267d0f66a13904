// The keys of the settings table that another feature reads: the outbox reads the automation
// host's addresses at each delivery. Settings owns the keys, so it imports nothing of the outbox.

export const WEBHOOK_PRODUCTION_URL_SETTING = "webhook_production_url";
export const WEBHOOK_TEST_URL_SETTING = "webhook_test_url";
