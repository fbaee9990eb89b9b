-- The lineage of the server that runs it, as lease.lua records it: run_id and master_replid, which change on
-- every restart and every promotion. The store compares it with a grant's after WAIT, so that a WAIT a
-- client routed to another server than the grant's never counts for the grant.
-- A one-element array, as every lease script answers an array.
return {string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') .. '/'
		.. string.match(redis.call('INFO', 'replication'), 'master_replid:(%x+)')}
