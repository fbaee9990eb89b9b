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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import org.jspecify.annotations.Nullable;

/**
 * Commands to one {@link RedisServer} and what it reports back (INFO, CLIENT LIST, the
 * kernel's socket table), each on a fresh Lettuce connection (RESP2, over TLS for a
 * TLS-only server) independent of any client under test. The port is read at each call: a
 * server gets its port when it first starts.
 */
final class RedisAdmin {

	static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);

	/** One event loop for every administrative connection of the JVM. */
	private static final ClientResources resources = DefaultClientResources.builder()
		.ioThreadPoolSize(2)
		.computationThreadPoolSize(2)
		.build();

	/**
	 * Administers every plaintext server of the JVM and is never shut down, so the event
	 * loop outlives each server (a client shut down with connections still failing makes
	 * Netty log rejected tasks).
	 */
	private static final RedisClient plainClient = client(null);

	private final IntSupplier port;

	private final boolean tls;

	/**
	 * Password of the default user, for a server started with {@code --requirepass};
	 * {@code null} without.
	 */
	private final @Nullable String password;

	private final RedisClient client;

	RedisAdmin(IntSupplier port, @Nullable SslOptions tls, @Nullable String password) {
		this.port = port;
		this.tls = tls != null;
		this.password = password;
		this.client = (tls != null) ? client(tls) : plainClient;
	}

	private static RedisClient client(@Nullable SslOptions tls) {
		RedisClient client = RedisClient.create(resources);
		ClientOptions.Builder options = ClientOptions.builder()
			.protocolVersion(ProtocolVersion.RESP2)
			.autoReconnect(false)
			.socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(2)).build());
		if (tls != null) {
			options.sslOptions(tls);
		}
		client.setOptions(options.build());
		return client;
	}

	/** See {@link RedisServer#call(String...)}. */
	Object call(Duration timeout, String... command) {
		return call(uri(timeout).build(), command);
	}

	Object callInDatabase(int database, String... command) {
		return call(uri(COMMAND_TIMEOUT).withDatabase(database).build(), command);
	}

	private RedisURI.Builder uri(Duration timeout) {
		RedisURI.Builder uri = RedisURI.builder()
			.withHost("127.0.0.1")
			.withPort(this.port.getAsInt())
			.withSsl(this.tls)
			.withTimeout(timeout);
		if (this.password != null) {
			uri.withPassword(this.password.toCharArray());
		}
		return uri;
	}

	private Object call(RedisURI uri, String... command) {
		CommandArgs<String, String> arguments = new CommandArgs<>(StringCodec.UTF8);
		for (int i = 1; i < command.length; i++) {
			arguments.add(command[i]);
		}
		try (StatefulRedisConnection<String, String> connection = this.client.connect(StringCodec.UTF8, uri)) {
			return connection.sync().dispatch(new Keyword(command[0]), new AnyReply(), arguments);
		}
	}

	String info(String section) {
		return String.valueOf(call(COMMAND_TIMEOUT, "INFO", section));
	}

	long clientsNamed(String name) {
		return clientLines(name).count();
	}

	List<Integer> clientPortsNamed(String name) {
		return clientLines(name).map((line) -> Integer.parseInt(line.replaceAll("^.* addr=[^ ]*:(\\d+) .*$", "$1")))
			.toList();
	}

	private Stream<String> clientLines(String name) {
		return String.valueOf(call(COMMAND_TIMEOUT, "CLIENT", "LIST"))
			.lines()
			.filter((line) -> line.contains(" name=" + name + " "));
	}

	long unreadBytesFrom(Collection<Integer> clientPorts) {
		try {
			long unread = 0;
			for (String line : Files.readAllLines(Path.of("/proc/net/tcp"))) {
				// sl local_address rem_address st tx_queue:rx_queue ..., addresses and
				// queues in hexadecimal
				String[] fields = line.trim().split("\\s+");
				if (fields.length > 4 && !fields[0].equals("sl") && hexAfterColon(fields[1]) == this.port.getAsInt()
						&& clientPorts.contains((int) hexAfterColon(fields[2]))) {
					unread += hexAfterColon(fields[4]);
				}
			}
			return unread;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static long hexAfterColon(String field) {
		return Long.parseLong(field.substring(field.indexOf(':') + 1), 16);
	}

	long scriptCalls() {
		return info("commandstats").lines()
			.filter((line) -> line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:"))
			.mapToLong((line) -> stat(line, "calls") - stat(line, "failed_calls"))
			.sum();
	}

	private static long stat(String line, String name) {
		Matcher value = Pattern.compile("[:,]" + name + "=(\\d+)").matcher(line);
		return value.find() ? Long.parseLong(value.group(1)) : 0;
	}

	/**
	 * Shuts a TLS server's own client down; the plaintext client is shared and outlives
	 * every server.
	 */
	void close() {
		if (this.client != plainClient) {
			this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		}
	}

	/** A command name as Lettuce sends it. */
	private record Keyword(String name) implements ProtocolKeyword {

		@Override
		public byte[] getBytes() {
			return this.name.getBytes(StandardCharsets.US_ASCII);
		}

		@Override
		public String toString() {
			return this.name;
		}

	}

}
