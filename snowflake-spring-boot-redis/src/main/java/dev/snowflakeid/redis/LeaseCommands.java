/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;

import org.springframework.data.redis.core.script.RedisScript;

/**
 * The lease commands on one Lettuce connection. {@code WAIT} counts the replicas that
 * hold the writes of the connection it is sent on, so a script and the {@code WAIT} for
 * its grant must both go through the same instance. Another caller's command may come
 * between them on a shared connection; {@code WAIT} then also waits for that write, never
 * for less. Each reply is awaited for the lease connection's command timeout.
 */
final class LeaseCommands {

	/** How much longer than WAIT's own timeout its reply may take to arrive. */
	private static final long REPLICATION_REPLY_SLACK_MILLIS = 1_000;

	private final RedisAsyncCommands<byte[], byte[]> commands;

	private final long timeoutMillis;

	LeaseCommands(RedisAsyncCommands<byte[], byte[]> commands, long timeoutMillis) {
		this.commands = commands;
		this.timeoutMillis = timeoutMillis;
	}

	/**
	 * Runs {@code script} with {@code EVALSHA}, and with {@code EVAL} after
	 * {@code NOSCRIPT} (a promoted replica or a restarted server has an empty script
	 * cache). Bulk strings in the reply are decoded as UTF-8, as a
	 * {@code StringRedisTemplate} would.
	 */
	List<Object> eval(RedisScript<?> script, List<String> keys, List<String> args) {
		byte[][] keyBytes = bytes(keys);
		byte[][] argBytes = bytes(args);
		Object reply;
		try {
			reply = LettuceFutures.awaitOrCancel(
					this.commands.evalsha(script.getSha1(), ScriptOutputType.MULTI, keyBytes, argBytes),
					this.timeoutMillis, TimeUnit.MILLISECONDS);
		}
		catch (RedisNoScriptException ex) {
			reply = LettuceFutures.awaitOrCancel(
					this.commands.eval(script.getScriptAsString(), ScriptOutputType.MULTI, keyBytes, argBytes),
					this.timeoutMillis, TimeUnit.MILLISECONDS);
		}
		if (!(reply instanceof List<?> values)) {
			throw new IllegalStateException("script reply " + reply + " is not a list");
		}
		List<Object> decoded = new ArrayList<>(values.size());
		for (Object value : values) {
			decoded.add((value instanceof byte[] text) ? new String(text, StandardCharsets.UTF_8) : value);
		}
		return decoded;
	}

	/**
	 * {@code WAIT replicas timeout}: how many replicas acknowledged every write of this
	 * connection so far, waiting up to {@code timeoutMillis} for {@code replicas} of
	 * them.
	 */
	long awaitReplicas(int replicas, long timeoutMillis) {
		Long acknowledged = LettuceFutures.awaitOrCancel(this.commands.waitForReplication(replicas, timeoutMillis),
				timeoutMillis + REPLICATION_REPLY_SLACK_MILLIS, TimeUnit.MILLISECONDS);
		return (acknowledged != null) ? acknowledged : 0;
	}

	/**
	 * {@code CLIENT ID}: the server's number for the connection, never reused by that
	 * server, so a reconnect shows as another number.
	 */
	long clientId() {
		Long id = LettuceFutures.awaitOrCancel(this.commands.clientId(), this.timeoutMillis, TimeUnit.MILLISECONDS);
		return (id != null) ? id : -1;
	}

	/** The lineage of the server this connection reaches now ({@code lineage.lua}). */
	String lineage(RedisScript<?> lineageScript) {
		List<Object> reply = eval(lineageScript, List.of(), List.of());
		return reply.isEmpty() ? "" : String.valueOf(reply.get(0));
	}

	private static byte[][] bytes(List<String> values) {
		byte[][] bytes = new byte[values.size()][];
		for (int i = 0; i < bytes.length; i++) {
			bytes[i] = values.get(i).getBytes(StandardCharsets.UTF_8);
		}
		return bytes;
	}

}
