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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lettuce.core.api.async.RedisAsyncCommands;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;

/**
 * What the startup check tries rather than reads: whether the lease user may run every
 * command of the lease scripts on the lease keys ({@code acl-probe.lua}, with
 * {@code redis.acl_check_cmd}), whether scripts run and use {@code TIME} and
 * {@code SET ... PXAT} inside one ({@code capability-probe.lua}), and whether
 * {@code WAIT} is answered on the connection the lease store sends it on.
 */
final class ServerProbes {

	/**
	 * Commands the lease connection sends itself, besides those the scripts call: SCAN
	 * looks for region states before a key space's missing format record is made
	 * ({@link FormatRecord}).
	 */
	private static final List<String> CONNECTION_COMMANDS = List.of("client|id", "eval", "evalsha", "info", "scan",
			"wait");

	private static final String PROBE_SCRIPT = "acl-probe.lua";

	private static final String CAPABILITY_SCRIPT = "capability-probe.lua";

	private static final Pattern SCRIPT_CALL = Pattern.compile("redis\\.p?call\\(\\s*['\"]([A-Za-z]+)['\"]");

	private final CommandRefusals refusals;

	ServerProbes(CommandRefusals refusals) {
		this.refusals = refusals;
	}

	/**
	 * Every command the lease scripts and the lease connection send, lower case, sorted.
	 */
	static List<String> requiredCommands() {
		TreeSet<String> commands = new TreeSet<>(CONNECTION_COMMANDS);
		try {
			for (Resource script : new PathMatchingResourcePatternResolver(ServerProbes.class.getClassLoader())
				.getResources("classpath*:dev/snowflakeid/redis/*.lua")) {
				if (PROBE_SCRIPT.equals(script.getFilename())) {
					continue;
				}
				try (InputStream in = script.getInputStream()) {
					Matcher call = SCRIPT_CALL.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
					while (call.find()) {
						commands.add(call.group(1).toLowerCase(Locale.ROOT));
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the lease scripts", ex);
		}
		return List.copyOf(commands);
	}

	/**
	 * {@code EVAL}, and inside a script {@code TIME} and {@code SET ... PXAT}, on a key
	 * beside the lease keys.
	 */
	void checkScripts(RedisConnection connection, String server) {
		List<?> failed;
		try {
			failed = connection.scriptingCommands()
				.eval(load(CAPABILITY_SCRIPT), ReturnType.MULTI, 1,
						(this.refusals.sampleKey() + ":capability-probe").getBytes(StandardCharsets.UTF_8));
		}
		catch (DataAccessException ex) {
			throw this.refusals.refusal(ex, server, "EVAL");
		}
		if (failed != null && !failed.isEmpty()) {
			String detail = (failed.size() > 1) ? text(failed.get(1)) : "";
			if (detail.startsWith("NOPERM")) {
				throw this.refusals.permission(server, detail);
			}
			throw UnsuitableRedisException.capability(server, text(failed.get(0)), detail);
		}
	}

	/**
	 * {@code WAIT 0 1}, on the connection as the lease store sends it: answered at once
	 * by a server that has it.
	 */
	@SuppressWarnings("unchecked")
	void checkWait(RedisConnection connection, String server, long commandTimeoutMillis) {
		if (!(connection.getNativeConnection() instanceof RedisAsyncCommands<?, ?> commands)) {
			return;
		}
		try {
			new LeaseCommands((RedisAsyncCommands<byte[], byte[]>) commands, commandTimeoutMillis).awaitReplicas(0, 1);
		}
		catch (RuntimeException ex) {
			throw this.refusals.refusal(ex, server, "WAIT");
		}
	}

	/**
	 * That the lease user may run every required command on the lease keys, and that the
	 * server knows each.
	 */
	void checkPermissions(RedisConnection connection, String server) {
		List<String> commands = requiredCommands();
		byte[][] args = new byte[commands.size() + 1][];
		args[0] = this.refusals.sampleKey().getBytes(StandardCharsets.UTF_8);
		for (int i = 0; i < commands.size(); i++) {
			args[i + 1] = commands.get(i).getBytes(StandardCharsets.UTF_8);
		}
		List<?> missing;
		try {
			missing = connection.scriptingCommands().eval(load(PROBE_SCRIPT), ReturnType.MULTI, 0, args);
		}
		catch (DataAccessException ex) {
			throw this.refusals.refusal(ex, server, "EVAL");
		}
		if (missing != null) {
			for (Object command : missing) {
				if (text(command).startsWith("?")) {
					throw UnsuitableRedisException.capability(server,
							text(command).substring(1).toUpperCase(Locale.ROOT),
							"the server does not know the command: renamed, or not implemented");
				}
			}
		}
		if (missing != null && !missing.isEmpty()) {
			throw this.refusals.permissions(server, missing.stream().map((command) -> "+" + text(command)).toList());
		}
	}

	private static String text(Object value) {
		return (value instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
	}

	private static byte[] load(String name) {
		try (InputStream in = ServerProbes.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("missing script " + name);
			}
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
