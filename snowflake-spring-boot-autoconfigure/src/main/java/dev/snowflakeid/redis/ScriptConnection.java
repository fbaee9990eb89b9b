package dev.snowflakeid.redis;

import java.util.function.Function;

/**
 * Where the lease script and its {@code WAIT} run: one connection for both (see {@link LeaseCommands}). On a
 * Redis Cluster the node connection to the primary of the region's slot ({@link ClusterSlotPrimary}), else
 * the native connection of the store's template ({@link TemplateConnection}).
 */
interface ScriptConnection {

	/** Runs {@code work} with the commands of one connection, held for the whole call. */
	<T> T execute(Function<LeaseCommands, T> work);

}
