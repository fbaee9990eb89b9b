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
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The fault proxy in front of an echo server: bytes flow, freeze, are delayed, cut and
 * retargeted.
 */
class FaultProxyTests {

	private EchoServer echo;

	private FaultProxy proxy;

	@BeforeEach
	void start() throws IOException {
		this.echo = new EchoServer("");
		this.proxy = new FaultProxy(this.echo.port());
	}

	@AfterEach
	void stop() throws IOException {
		this.proxy.close();
		this.echo.close();
	}

	@Test
	void forwardsBothWays() throws IOException {
		try (Socket client = connect()) {
			assertThat(roundTrip(client, "ping")).isEqualTo("ping");
			assertThat(this.proxy.bytesFromClients()).isEqualTo(4);
		}
	}

	@Test
	void freezeHoldsBytesUntilHeal() throws IOException {
		try (Socket client = connect()) {
			this.proxy.freeze();
			send(client, "held");
			client.setSoTimeout(300);
			assertThatExceptionOfType(SocketTimeoutException.class).isThrownBy(() -> client.getInputStream().read());
			this.proxy.heal();
			client.setSoTimeout(5_000);
			assertThat(read(client, 4)).isEqualTo("held");
		}
	}

	@Test
	void delaysReplies() throws IOException {
		this.proxy.delayReplies(Duration.ofMillis(300));
		try (Socket client = connect()) {
			long start = System.nanoTime();
			assertThat(roundTrip(client, "slow")).isEqualTo("slow");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		}
	}

	@Test
	void cutClosesConnectionsAndRefusesNewOnesUntilHeal() throws IOException {
		try (Socket client = connect()) {
			this.proxy.cut();
			assertThat(client.getInputStream().read()).as("closed by the proxy").isEqualTo(-1);
		}
		try (Socket refused = connect()) {
			assertThat(refused.getInputStream().read()).as("accepted, then closed").isEqualTo(-1);
		}
		this.proxy.heal();
		try (Socket client = connect()) {
			assertThat(roundTrip(client, "back")).isEqualTo("back");
		}
	}

	@Test
	void newConnectionsFollowARetarget() throws IOException {
		try (EchoServer other = new EchoServer("other:"); Socket before = connect()) {
			assertThat(roundTrip(before, "x")).as("connected upstream before the retarget").isEqualTo("x");
			this.proxy.retarget(other.port());
			try (Socket after = connect()) {
				assertThat(roundTrip(before, "a")).isEqualTo("a");
				assertThat(roundTrip(after, "b", "other:b")).isEqualTo("other:b");
			}
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.proxy.port());
		socket.setSoTimeout(5_000);
		return socket;
	}

	private static String roundTrip(Socket client, String text) throws IOException {
		return roundTrip(client, text, text);
	}

	private static String roundTrip(Socket client, String text, String expected) throws IOException {
		send(client, text);
		return read(client, expected.length());
	}

	private static void send(Socket client, String text) throws IOException {
		OutputStream out = client.getOutputStream();
		out.write(text.getBytes(StandardCharsets.US_ASCII));
		out.flush();
	}

	private static String read(Socket client, int length) throws IOException {
		return new String(client.getInputStream().readNBytes(length), StandardCharsets.US_ASCII);
	}

	/** Answers every chunk it reads with a prefix and the chunk. */
	private static final class EchoServer implements AutoCloseable {

		private final ServerSocket listener;

		EchoServer(String prefix) throws IOException {
			this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
			Thread thread = new Thread(() -> serve(prefix), "echo-" + port());
			thread.setDaemon(true);
			thread.start();
		}

		int port() {
			return this.listener.getLocalPort();
		}

		private void serve(String prefix) {
			while (!this.listener.isClosed()) {
				try {
					Socket socket = this.listener.accept();
					Thread thread = new Thread(() -> echo(socket, prefix));
					thread.setDaemon(true);
					thread.start();
				}
				catch (IOException ex) {
					return;
				}
			}
		}

		private static void echo(Socket socket, String prefix) {
			try (socket) {
				InputStream in = socket.getInputStream();
				OutputStream out = socket.getOutputStream();
				byte[] buffer = new byte[1024];
				int read;
				while ((read = in.read(buffer)) >= 0) {
					out.write(prefix.getBytes(StandardCharsets.US_ASCII));
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// client gone
			}
		}

		@Override
		public void close() throws IOException {
			this.listener.close();
		}

	}

}
