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
import java.util.Properties;

import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;

/**
 * One server the startup check reads facts from: the server behind a connection to a
 * fixed primary or one found through sentinels, or one node of a Cluster. A fact that
 * cannot be read means what it means for leases: {@code INFO} and {@code TIME}, which the
 * lease script needs, are refused as missing; a setting the user may not read
 * ({@code CONFIG GET} is often not permitted) becomes a warning naming the value to
 * verify by hand; a failure for want of a connection is passed on as it is.
 */
abstract class ServerNode {

	private final CommandRefusals refusals;

	private ServerNode(CommandRefusals refusals) {
		this.refusals = refusals;
	}

	/** The server behind {@code connection}. */
	static ServerNode of(RedisConnection connection, CommandRefusals refusals) {
		return new Single(connection, refusals);
	}

	/** The Cluster node {@code node}, reached through {@code connection}. */
	static ServerNode of(RedisClusterConnection connection, RedisClusterNode node, CommandRefusals refusals) {
		return new InCluster(connection, node, refusals);
	}

	/**
	 * How messages name the server: {@code host:port}, or a description when the address
	 * is not known.
	 */
	abstract String name();

	abstract @Nullable Properties readInfo(String section);

	abstract @Nullable Long readTime();

	abstract @Nullable Properties readConfig(String setting);

	/** A section of {@code INFO}, which the lease script reads too. */
	final Properties info(String section) {
		Properties info;
		try {
			info = readInfo(section);
		}
		catch (DataAccessException ex) {
			throw this.refusals.refusal(ex, name(), "INFO " + section);
		}
		if (info == null) {
			throw UnsuitableRedisException.capability(name(), "INFO " + section, "no reply");
		}
		return info;
	}

	/** Reads the server's clock, which times every lease. */
	final void requireTime() {
		try {
			if (readTime() == null) {
				throw UnsuitableRedisException.capability(name(), "TIME", "no reply");
			}
		}
		catch (DataAccessException ex) {
			throw this.refusals.refusal(ex, name(), "TIME");
		}
	}

	/**
	 * The value of {@code setting}, or {@code null} with a warning in {@code warnings} if
	 * it cannot be read.
	 * @param safe the value that keeps leases safe, for the warning
	 */
	final @Nullable String config(String setting, String safe, List<String> warnings) {
		try {
			Properties config = readConfig(setting);
			return (config != null) ? config.getProperty(setting) : null;
		}
		catch (DataAccessException ex) {
			if (RedisFailures.unreachable(ex)) {
				// not an answer: a setting that could not be read for want of a
				// connection is no warning
				throw ex;
			}
			warnings.add("could not read " + setting + " of Redis " + name() + " ("
					+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + "); make sure it is " + safe
					+ ": worker leases are unsafe otherwise");
			return null;
		}
	}

	private static final class Single extends ServerNode {

		private final RedisConnection connection;

		private @Nullable String name;

		Single(RedisConnection connection, CommandRefusals refusals) {
			super(refusals);
			this.connection = connection;
		}

		@Override
		String name() {
			if (this.name == null) {
				try {
					Properties server = this.connection.serverCommands().info("server");
					this.name = "on port " + ((server != null) ? server.getProperty("tcp_port", "?") : "?");
				}
				catch (DataAccessException ex) {
					this.name = "behind the lease connection";
				}
			}
			return this.name;
		}

		@Override
		@Nullable Properties readInfo(String section) {
			return this.connection.serverCommands().info(section);
		}

		@Override
		@Nullable Long readTime() {
			return this.connection.serverCommands().time();
		}

		@Override
		@Nullable Properties readConfig(String setting) {
			return this.connection.serverCommands().getConfig(setting);
		}

	}

	private static final class InCluster extends ServerNode {

		private final RedisClusterConnection connection;

		private final RedisClusterNode node;

		InCluster(RedisClusterConnection connection, RedisClusterNode node, CommandRefusals refusals) {
			super(refusals);
			this.connection = connection;
			this.node = node;
		}

		@Override
		String name() {
			return this.node.getHost() + ":" + this.node.getPort();
		}

		@Override
		@Nullable Properties readInfo(String section) {
			return this.connection.serverCommands().info(this.node, section);
		}

		@Override
		@Nullable Long readTime() {
			return this.connection.serverCommands().time(this.node);
		}

		@Override
		@Nullable Properties readConfig(String setting) {
			return this.connection.serverCommands().getConfig(this.node, setting);
		}

	}

}
