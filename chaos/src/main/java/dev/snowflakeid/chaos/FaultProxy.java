package dev.snowflakeid.chaos;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The network path between one worker and its region's Redis: a loopback TCP proxy that can
 * {@link #stall()} (connections stay open, no byte moves either way, new connections are accepted and
 * stay silent) or {@link #drop()} (every connection is closed, new ones refused), until {@link #heal()}.
 * Bytes held by a stall flow on after the heal, as TCP delivers them after a partition heals.
 */
final class FaultProxy implements AutoCloseable {

	private final int targetPort;

	private final ServerSocket listener;

	private final List<Link> links = new CopyOnWriteArrayList<>();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition flowing = this.lock.newCondition();

	private volatile boolean stalled;

	private volatile boolean refusing;

	private volatile boolean closed;

	FaultProxy(int targetPort) {
		this.targetPort = targetPort;
		try {
			this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		daemon("fault-proxy-accept-" + port(), this::accept);
	}

	int port() {
		return this.listener.getLocalPort();
	}

	void stall() {
		this.stalled = true;
	}

	void drop() {
		this.refusing = true;
		for (Link link : this.links) {
			link.close();
		}
	}

	/** Ends a stall or a drop. */
	void heal() {
		this.refusing = false;
		this.lock.lock();
		try {
			this.stalled = false;
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
				daemon("fault-proxy-up-" + client.getPort(), () -> link.pump(client, server));
				daemon("fault-proxy-down-" + client.getPort(), () -> link.pump(server, client));
			}
			catch (IOException ex) {
				closeQuietly(client);
			}
		}
	}

	// Blocks while stalled; returns false once the link is closed.
	private boolean awaitFlowing(Link link) {
		this.lock.lock();
		try {
			while (this.stalled && !link.closed) {
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

	private static void daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// closing anyway
		}
	}

	/** One client connection and its upstream connection. */
	private final class Link {

		private final Socket client;

		private final Socket server;

		private volatile boolean closed;

		Link(Socket client, Socket server) {
			this.client = client;
			this.server = server;
		}

		// Copies one direction; a read that arrives during a stall is held until the heal.
		void pump(Socket from, Socket to) {
			byte[] buffer = new byte[16 * 1024];
			try {
				InputStream in = from.getInputStream();
				OutputStream out = to.getOutputStream();
				while (true) {
					int read = in.read(buffer);
					if (read < 0 || !awaitFlowing(this)) {
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

		void close() {
			this.closed = true;
			closeQuietly(this.client);
			closeQuietly(this.server);
			FaultProxy.this.links.remove(this);
		}

	}

}
