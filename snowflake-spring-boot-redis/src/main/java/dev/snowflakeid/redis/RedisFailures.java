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

import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;

/**
 * Tells a Redis that cannot be reached (yet) from one that answered. Only the first kind
 * is worth waiting for at startup: a refused or timed-out connection, a connection not up
 * yet or lost (Lettuce rejects commands while it is down,
 * {@code Currently not connected}), a command that got no reply within its timeout. An
 * answer, even an error reply, is never taken for unreachability, so a server that
 * refuses a safety check is refused at once however long the startup budget is.
 */
final class RedisFailures {

	/**
	 * Messages of the bare {@link RedisException}s Lettuce raises for a connection that
	 * is not up.
	 */
	private static final List<String> DISCONNECTED = List.of("Currently not connected", "Connection closed",
			"Connection is closed", "Connection disconnected");

	private RedisFailures() {
	}

	/**
	 * Whether {@code failure} says the server was not reached, rather than what it
	 * answered.
	 */
	static boolean unreachable(Throwable failure) {
		if (failure instanceof UnsuitableRedisException) {
			return false;
		}
		if (answered(failure)) {
			return false;
		}
		Map<Throwable, Boolean> seen = new IdentityHashMap<>();
		for (Throwable cause = failure; cause != null && seen.put(cause, true) == null; cause = cause.getCause()) {
			if (cause instanceof DataAccessResourceFailureException || cause instanceof QueryTimeoutException
					|| cause instanceof RedisConnectionException || cause instanceof RedisCommandTimeoutException
					|| cause instanceof ConnectException || cause instanceof ClosedChannelException) {
				return true;
			}
			// exactly RedisException: its subclasses are error replies and other answers
			if (cause.getClass() == RedisException.class && cause.getMessage() != null
					&& DISCONNECTED.stream().anyMatch(cause.getMessage()::startsWith)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether {@code failure} carries an error reply of the server, such as a wrong
	 * password refused while connecting ({@code WRONGPASS}, {@code NOAUTH}).
	 */
	static boolean answered(Throwable failure) {
		Map<Throwable, Boolean> seen = new IdentityHashMap<>();
		for (Throwable cause = failure; cause != null && seen.put(cause, true) == null; cause = cause.getCause()) {
			if (cause instanceof RedisCommandExecutionException) {
				return true;
			}
		}
		return false;
	}

	/** Whether {@code failure} is one of setting up a connection. */
	static boolean connecting(Throwable failure) {
		Map<Throwable, Boolean> seen = new IdentityHashMap<>();
		for (Throwable cause = failure; cause != null && seen.put(cause, true) == null; cause = cause.getCause()) {
			if (cause instanceof DataAccessResourceFailureException || cause instanceof RedisConnectionException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The message of {@code failure}, and of its most specific cause where that says
	 * more.
	 */
	static String describe(Throwable failure) {
		Throwable root = NestedExceptionUtils.getMostSpecificCause(failure);
		if (root == failure || root.getMessage() == null) {
			return String.valueOf(failure.getMessage());
		}
		return (failure.getMessage() != null && !failure.getMessage().contains(root.getMessage()))
				? failure.getMessage() + ": " + root.getMessage() : root.getMessage();
	}

}
