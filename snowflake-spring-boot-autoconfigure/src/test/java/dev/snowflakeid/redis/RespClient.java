package dev.snowflakeid.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * A minimal RESP2 client over a plain socket, for test administration (INFO, SCRIPT FLUSH, DEL,
 * CLUSTER ...) and for reading a MONITOR stream, independent of the client under test.
 */
final class RespClient implements AutoCloseable {

	private final Socket socket;

	private final InputStream in;

	private final OutputStream out;

	private RespClient(Socket socket) throws IOException {
		this.socket = socket;
		this.in = new BufferedInputStream(socket.getInputStream());
		this.out = socket.getOutputStream();
	}

	static RespClient connect(int port) {
		return connect(port, Duration.ofSeconds(5));
	}

	static RespClient connect(int port, Duration timeout) {
		return connect(port, timeout, null);
	}

	/** A connection over TLS when {@code tls} is not {@code null}. */
	static RespClient connect(int port, Duration timeout, SSLContext tls) {
		Socket socket = new Socket();
		try {
			socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
			socket.setSoTimeout((int) timeout.toMillis());
			socket.setTcpNoDelay(true);
			if (tls != null) {
				SSLSocket secure = (SSLSocket) tls.getSocketFactory().createSocket(socket, "127.0.0.1", port, true);
				secure.startHandshake();
				return new RespClient(secure);
			}
			return new RespClient(socket);
		}
		catch (IOException ex) {
			closeQuietly(socket);
			throw new UncheckedIOException("cannot connect to 127.0.0.1:" + port, ex);
		}
	}

	/** One-shot command on a fresh connection. */
	static Object call(int port, String... command) {
		return call(port, null, command);
	}

	/** One-shot command on a fresh connection, over TLS when {@code tls} is not {@code null}. */
	static Object call(int port, SSLContext tls, String... command) {
		try (RespClient client = connect(port, Duration.ofSeconds(5), tls)) {
			return client.command(command);
		}
	}

	/** Sends a command and reads its reply; an error reply is thrown as {@link RespError}. */
	Object command(String... command) {
		send(command);
		return reply();
	}

	/** Sends several commands in one write and reads all replies. */
	List<Object> pipeline(List<String[]> commands) {
		ByteArrayOutputStream buffer = new ByteArrayOutputStream();
		for (String[] command : commands) {
			encode(buffer, command);
		}
		write(buffer.toByteArray());
		List<Object> replies = new ArrayList<>(commands.size());
		for (int i = 0; i < commands.size(); i++) {
			replies.add(reply());
		}
		return replies;
	}

	void send(String... command) {
		ByteArrayOutputStream buffer = new ByteArrayOutputStream();
		encode(buffer, command);
		write(buffer.toByteArray());
	}

	/** Reads the next reply. */
	Object reply() {
		try {
			return read();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("reading reply from " + this.socket.getRemoteSocketAddress(), ex);
		}
	}

	void soTimeout(Duration timeout) {
		try {
			this.socket.setSoTimeout((int) timeout.toMillis());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void write(byte[] bytes) {
		try {
			this.out.write(bytes);
			this.out.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("writing to " + this.socket.getRemoteSocketAddress(), ex);
		}
	}

	private static void encode(ByteArrayOutputStream buffer, String[] command) {
		buffer.writeBytes(("*" + command.length + "\r\n").getBytes(StandardCharsets.UTF_8));
		for (String part : command) {
			byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
			buffer.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.UTF_8));
			buffer.writeBytes(bytes);
			buffer.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
		}
	}

	private Object read() throws IOException {
		int type = this.in.read();
		if (type < 0) {
			throw new IOException("connection closed");
		}
		String line = line();
		switch (type) {
			case '+':
				return line;
			case '-':
				throw new RespError(line);
			case ':':
				return Long.parseLong(line);
			case '$': {
				int length = Integer.parseInt(line);
				if (length < 0) {
					return null;
				}
				byte[] bytes = this.in.readNBytes(length + 2);
				return new String(bytes, 0, length, StandardCharsets.UTF_8);
			}
			case '*': {
				int count = Integer.parseInt(line);
				if (count < 0) {
					return null;
				}
				List<Object> items = new ArrayList<>(count);
				for (int i = 0; i < count; i++) {
					items.add(read());
				}
				return items;
			}
			default:
				throw new IOException("unexpected RESP type '" + (char) type + "' followed by " + line);
		}
	}

	private String line() throws IOException {
		ByteArrayOutputStream buffer = new ByteArrayOutputStream();
		int previous = -1;
		while (true) {
			int next = this.in.read();
			if (next < 0) {
				throw new IOException("connection closed");
			}
			if (previous == '\r' && next == '\n') {
				byte[] bytes = buffer.toByteArray();
				return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
			}
			buffer.write(next);
			previous = next;
		}
	}

	@Override
	public void close() {
		closeQuietly(this.socket);
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// closing anyway
		}
	}

	/** An error reply from Redis. */
	static final class RespError extends RuntimeException {

		private static final long serialVersionUID = 1L;

		RespError(String message) {
			super(message);
		}

	}

}
