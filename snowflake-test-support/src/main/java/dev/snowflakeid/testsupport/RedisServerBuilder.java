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
package dev.snowflakeid.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.SslOptions;
import org.jspecify.annotations.Nullable;

/**
 * Options of a {@link RedisServer} that its factory methods do not cover, from
 * {@link RedisServer#builder()}.
 */
public final class RedisServerBuilder {

	@Nullable Path dir;

	boolean appendOnly;

	String appendFsync = "always";

	final List<String> args = new ArrayList<>();

	boolean clusterNode;

	@Nullable String sentinelConfig;

	@Nullable SslOptions adminTls;

	@Nullable String password;

	int port;

	RedisServerBuilder() {
	}

	/**
	 * Listens on {@code port} (from {@link FreePorts#loopback()}) instead of a free port
	 * found at start, for a client that is told the address before the server exists;
	 * fails if the port was taken meanwhile.
	 */
	public RedisServerBuilder port(int port) {
		this.port = port;
		return this;
	}

	/**
	 * Keeps the server's files (data, {@code redis.log}) in {@code dir}, which
	 * {@link RedisServer#close()} leaves.
	 */
	public RedisServerBuilder directory(Path dir) {
		this.dir = dir;
		return this;
	}

	/** Whether the server keeps an append-only file; off by default. */
	public RedisServerBuilder appendOnly(boolean appendOnly) {
		this.appendOnly = appendOnly;
		return this;
	}

	/**
	 * {@code always} (the default here: a SIGKILL loses nothing), {@code everysec}
	 * (Redis's default) or {@code no}.
	 */
	public RedisServerBuilder appendFsync(String policy) {
		this.appendFsync = policy;
		return this;
	}

	/** More {@code redis-server} arguments, such as {@code "--requirepass", "secret"}. */
	public RedisServerBuilder args(String... args) {
		this.args.addAll(List.of(args));
		return this;
	}

	/**
	 * Requires {@code password} of the default user ({@code --requirepass});
	 * {@link RedisServer#call(String...)} sends it.
	 */
	public RedisServerBuilder requirePass(String password) {
		this.password = password;
		return args("--requirepass", password);
	}

	/** A Cluster node: its bus port (port + 10000) must be free as well. */
	RedisServerBuilder clusterNode() {
		this.clusterNode = true;
		return this;
	}

	/**
	 * A sentinel ({@code redis-server sentinel.conf --sentinel}) with {@code config} in
	 * its configuration file.
	 */
	RedisServerBuilder sentinel(String config) {
		this.sentinelConfig = config;
		return this;
	}

	/**
	 * Administers a TLS-only server with {@code certificate} and {@code key} (PEM, the
	 * key in PKCS#8), trusting {@code ca}.
	 */
	RedisServerBuilder adminTls(Path ca, Path certificate, Path key) {
		this.adminTls = SslOptions.builder()
			.jdkSslProvider()
			.trustManager(ca.toFile())
			.keyManager(certificate.toFile(), key.toFile(), null)
			.build();
		return this;
	}

	/**
	 * Starts the server on a free port, or the one {@link #port(int)} gave, and returns
	 * once it answers PING.
	 */
	public RedisServer start() {
		Path directory = this.dir;
		boolean temporary = directory == null;
		if (directory == null) {
			try {
				directory = Files.createTempDirectory("redis-test-");
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		RedisServer server = new RedisServer(this, directory, temporary);
		server.launchOnFreePort();
		return server;
	}

}
