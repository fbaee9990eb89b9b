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
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on the loopback interface. A port is free when probed; another process
 * may still take it before the caller binds, so launchers that can retry
 * ({@link RedisServer}) do.
 */
public final class FreePorts {

	private FreePorts() {
	}

	/** A port that was free on 127.0.0.1 just now. */
	public static int loopback() {
		int port = probe(0);
		if (port < 0) {
			throw new IllegalStateException("no free loopback port");
		}
		return port;
	}

	/**
	 * A port {@code p} such that {@code p} and {@code p + 10000} are free: a Redis
	 * Cluster node listens on both (the second is its cluster bus).
	 */
	public static int loopbackWithClusterBus() {
		for (int attempt = 0; attempt < 100; attempt++) {
			int candidate = ThreadLocalRandom.current().nextInt(20_000, 30_000);
			if (probe(candidate) == candidate && probe(candidate + 10_000) > 0) {
				return candidate;
			}
		}
		throw new IllegalStateException("no free port pair (p, p + 10000) found in 100 attempts");
	}

	private static int probe(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			socket.setReuseAddress(true);
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			return -1;
		}
	}

}
