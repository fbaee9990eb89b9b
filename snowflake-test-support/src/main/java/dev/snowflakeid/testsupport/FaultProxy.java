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
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A loopback TCP proxy in front of one server, for network faults between a client and
 * that server without touching either:
 * <ul>
 * <li>{@link #delayReplies(Duration)}: every byte from the server reaches the client that
 * much later (order kept);</li>
 * <li>{@link #freeze()}: a partition that keeps connections open: nothing flows either
 * way, new connections are accepted but stay silent; {@link #heal()} lets held bytes flow
 * again, as TCP would after a partition heals;</li>
 * <li>{@link #cut()}: closes every connection and refuses new ones until
 * {@link #heal()};</li>
 * <li>{@link #retarget(int)}: new connections go to another server, as after a failover
 * behind a fixed address.</li>
 * </ul>
 */
public final class FaultProxy implements AutoCloseable {

	private volatile int targetPort;

	private final ServerSocket listener;

	private final Thread acceptor;

	private final List<Link> links = new CopyOnWriteArrayList<>();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition flowing = this.lock.newCondition();

	private volatile boolean frozen;

	private volatile boolean refusing;

	private volatile boolean closed;

	private final AtomicLong replyDelayNanos = new AtomicLong();

	private final AtomicLong bytesFromClients = new AtomicLong();

	/**
	 * Starts listening on a free loopback port, forwarding to {@code targetPort} on
	 * loopback.
	 */
	public FaultProxy(int targetPort) {
		this.targetPort = targetPort;
		try {
			this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.acceptor = new Thread(this::accept, "fault-proxy-accept-" + port());
		this.acceptor.setDaemon(true);
		this.acceptor.start();
	}

	/** The loopback port clients connect to. */
	public int port() {
		return this.listener.getLocalPort();
	}

	/** Bytes received from clients so far, forwarded or held. */
	public long bytesFromClients() {
		return this.bytesFromClients.get();
	}

	/**
	 * New connections go to {@code port} from now on; open ones stay where they are until
	 * {@link #cut()}.
	 */
	public void retarget(int port) {
		this.targetPort = port;
	}

	/**
	 * Every byte from the server reaches its client {@code delay} later than it arrived
	 * (order kept).
	 */
	public void delayReplies(Duration delay) {
		this.replyDelayNanos.set(delay.toNanos());
	}

	/**
	 * Nothing flows either way; open connections stay open and new ones are accepted but
	 * stay silent.
	 */
	public void freeze() {
		this.frozen = true;
	}

	/** Closes every connection and refuses new ones. */
	public void cut() {
		this.refusing = true;
		for (Link link : this.links) {
			link.close();
		}
	}

	/** Ends a freeze or cut and any reply delay. */
	public void heal() {
		this.replyDelayNanos.set(0);
		this.refusing = false;
		this.lock.lock();
		try {
			this.frozen = false;
			this.flowing.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	private void accept() {
		while (!this.closed) {
			Socket client;
			try {
				client = this.listener.accept();
			}
			catch (IOException ex) {
				return;
			}
			if (this.refusing) {
				closeQuietly(client);
				continue;
			}
			try {
				client.setTcpNoDelay(true);
				Socket server = new Socket();
				server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.targetPort), 2_000);
				server.setTcpNoDelay(true);
				Link link = new Link(client, server);
				this.links.add(link);
				if (this.refusing) {
					// cut while this connection was set up, after cut() closed the others
					link.close();
					continue;
				}
				link.start();
			}
			catch (IOException ex) {
				closeQuietly(client);
			}
		}
	}

	// Blocks while frozen; returns false once the link is closed.
	private boolean awaitFlowing(Link link) {
		this.lock.lock();
		try {
			while (this.frozen && !link.closed) {
				this.flowing.await(50, TimeUnit.MILLISECONDS);
			}
			return !link.closed;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void close() {
		this.closed = true;
		closeQuietly(this.listener);
		for (Link link : this.links) {
			link.close();
		}
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// closing anyway
		}
	}

	private record Chunk(byte[] bytes, long deliverAtNanos) {
	}

	/** One client connection and its upstream connection, with a pump per direction. */
	private final class Link {

		private final Socket client;

		private final Socket server;

		private final BlockingQueue<Chunk> replies = new LinkedBlockingQueue<>();

		private volatile boolean closed;

		Link(Socket client, Socket server) {
			this.client = client;
			this.server = server;
		}

		void start() {
			daemon("fault-proxy-up", this::pumpRequests);
			daemon("fault-proxy-down", this::readReplies);
			daemon("fault-proxy-deliver", this::deliverReplies);
		}

		private void daemon(String name, Runnable task) {
			Thread thread = new Thread(task, name + "-" + this.client.getPort());
			thread.setDaemon(true);
			thread.start();
		}

		private void pumpRequests() {
			byte[] buffer = new byte[16 * 1024];
			try {
				InputStream in = this.client.getInputStream();
				OutputStream out = this.server.getOutputStream();
				while (true) {
					int read = in.read(buffer);
					if (read < 0) {
						break;
					}
					FaultProxy.this.bytesFromClients.addAndGet(read);
					if (!awaitFlowing(this)) {
						break;
					}
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// the link is closing
			}
			close();
		}

		private void readReplies() {
			byte[] buffer = new byte[16 * 1024];
			try {
				InputStream in = this.server.getInputStream();
				while (true) {
					int read = in.read(buffer);
					if (read < 0) {
						break;
					}
					this.replies.add(new Chunk(Arrays.copyOf(buffer, read),
							System.nanoTime() + FaultProxy.this.replyDelayNanos.get()));
				}
			}
			catch (IOException ex) {
				// the link is closing
			}
			close();
		}

		private void deliverReplies() {
			try {
				OutputStream out = this.client.getOutputStream();
				while (!this.closed) {
					Chunk chunk = this.replies.poll(50, TimeUnit.MILLISECONDS);
					if (chunk == null) {
						continue;
					}
					long wait;
					while ((wait = chunk.deliverAtNanos() - System.nanoTime()) > 0 && !this.closed) {
						LockSupport.parkNanos(wait);
					}
					if (!awaitFlowing(this)) {
						break;
					}
					out.write(chunk.bytes());
					out.flush();
				}
			}
			catch (SocketException ex) {
				// the link is closing
			}
			catch (IOException ex) {
				// the link is closing
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			close();
		}

		void close() {
			this.closed = true;
			closeQuietly(this.client);
			closeQuietly(this.server);
			FaultProxy.this.links.remove(this);
		}

	}

}
