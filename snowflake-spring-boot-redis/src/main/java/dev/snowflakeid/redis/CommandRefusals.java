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

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.core.NestedExceptionUtils;

/**
 * What a command the lease Redis failed means for the startup check: the lease user lacks
 * a permission ({@code NOPERM}), the server lacks what the command provides, or, when it
 * never answered, nothing about the server at all: that failure is passed on as it is, so
 * the check waits for a reachable server.
 */
final class CommandRefusals {

	private static final Pattern NOPERM_COMMAND = Pattern.compile("NOPERM.*?run the '([^']+)' command");

	private final String user;

	private final String sampleKey;

	/**
	 * @param user the user the lease connection authenticates as
	 * @param sampleKey a key of the form the lease store uses, which permissions were
	 * checked against
	 */
	CommandRefusals(String user, String sampleKey) {
		this.user = user;
		this.sampleKey = sampleKey;
	}

	/**
	 * The exception for a failed {@code command}: a permission refusal for
	 * {@code NOPERM}, the failure itself if the server was not reached, and otherwise a
	 * server that lacks it.
	 */
	RuntimeException refusal(RuntimeException ex, String server, String command) {
		if (RedisFailures.unreachable(ex)) {
			return ex;
		}
		String message = String.valueOf(NestedExceptionUtils.getMostSpecificCause(ex).getMessage());
		if (message.startsWith("NOPERM")) {
			return permission(server, message);
		}
		return UnsuitableRedisException.capability(server, command, RedisFailures.describe(ex));
	}

	/**
	 * The refusal of a {@code NOPERM} error, naming the command it was denied where it
	 * says so.
	 */
	UnsuitableRedisException permission(String server, String noPermission) {
		Matcher command = NOPERM_COMMAND.matcher(noPermission);
		return permissions(server, List.of(command.find() ? "+" + command.group(1) : noPermission));
	}

	/**
	 * The refusal of permissions the lease user lacks, in ACL rule syntax such as
	 * {@code +hset}.
	 */
	UnsuitableRedisException permissions(String server, List<String> missing) {
		return UnsuitableRedisException.permission(server, this.user, missing, this.sampleKey);
	}

	String sampleKey() {
		return this.sampleKey;
	}

}
