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

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import org.junit.jupiter.api.Test;

import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which failures of the startup check are waited out: those that say the server was not
 * reached, in the forms Spring Data Redis translates Lettuce's into. Whatever the server
 * answered is not.
 */
class RedisFailuresTests {

	@Test
	void aServerNotReachedYetIsWaitedFor() {
		assertThat(RedisFailures.unreachable(new RedisConnectionFailureException("Unable to connect to Redis",
				new RedisConnectionException("Unable to connect to 127.0.0.1:6379", new ConnectException("refused")))))
			.as("connection refused")
			.isTrue();
		assertThat(RedisFailures.unreachable(new RedisSystemException("Redis exception",
				new RedisException("Currently not connected. Commands are rejected."))))
			.as("not connected yet")
			.isTrue();
		assertThat(RedisFailures
			.unreachable(new RedisSystemException("Redis exception", new RedisException("Connection disconnected"))))
			.as("lost while in flight")
			.isTrue();
		assertThat(RedisFailures.unreachable(new QueryTimeoutException("Redis command timed out",
				new RedisCommandTimeoutException("Command timed out after 300 millisecond(s)"))))
			.as("no reply within the command timeout")
			.isTrue();
	}

	@Test
	void whatTheServerAnsweredIsNotWaitedFor() {
		assertThat(RedisFailures.unreachable(UnsuitableRedisException.evictionPolicy("127.0.0.1:6379", "allkeys-lru")))
			.as("a refused safety check")
			.isFalse();
		assertThat(RedisFailures.unreachable(new InvalidDataAccessApiUsageException("ERR unknown command 'INFO'",
				new RedisCommandExecutionException("ERR unknown command 'INFO'"))))
			.as("an error reply")
			.isFalse();
		RedisConnectionFailureException wrongPassword = new RedisConnectionFailureException(
				"Unable to connect to Redis", new RedisConnectionException("Unable to connect to 127.0.0.1:6379",
						new RedisCommandExecutionException("WRONGPASS invalid username-password pair")));
		assertThat(RedisFailures.unreachable(wrongPassword)).as("a connection refused with an error reply").isFalse();
		assertThat(RedisFailures.connecting(wrongPassword)).isTrue();
		assertThat(RedisFailures.unreachable(new RedisSystemException("Redis exception",
				new RedisException(
						"Request queue size exceeded: 10. Commands are not accepted until the queue size drops."))))
			.as("another bare Lettuce exception")
			.isFalse();
	}

	@Test
	void aFailureIsDescribedByItsMessageAndItsMostSpecificCause() {
		assertThat(RedisFailures.describe(new RedisSystemException("Redis exception",
				new RedisException("Currently not connected. Commands are rejected."))))
			.isEqualTo("Redis exception: Currently not connected. Commands are rejected.");
		assertThat(RedisFailures.describe(new RedisException("Connection closed"))).isEqualTo("Connection closed");
	}

}
