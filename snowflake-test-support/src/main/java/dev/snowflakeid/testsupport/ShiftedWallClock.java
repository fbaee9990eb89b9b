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
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The wall clock of a child JVM, stepped at run time through libfaketime (Debian's
 * {@code faketime} package): the process reads its offset from a file that
 * {@link #shift(Duration)} rewrites, and its monotonic clock is left alone, as after an
 * NTP step or an operator's {@code date -s}. Start the process with
 * {@link #environment()}.
 */
public final class ShiftedWallClock {

	private final Path offsetFile;

	private final Path library;

	/**
	 * A clock at offset zero, read from {@code offsetFile}, through the machine's
	 * {@link #library()}.
	 */
	public ShiftedWallClock(Path offsetFile) {
		this(offsetFile, library());
	}

	/**
	 * A clock at offset zero, read from {@code offsetFile}, through {@code library}
	 * (libfaketimeMT).
	 */
	public ShiftedWallClock(Path offsetFile, Path library) {
		this.offsetFile = offsetFile;
		this.library = library;
		shift(Duration.ZERO);
	}

	/** The environment that puts a child process on this clock. */
	public Map<String, String> environment() {
		// FAKETIME_FORCE_MONOTONIC_FIX=0: otherwise every timed wait of the JVM goes
		// through a global lock and a
		// signal mask change, and a Spring Boot application takes minutes to start on two
		// cores;
		// FAKETIME_CACHE_DURATION=1: a new offset is read within a second
		return Map.of("LD_PRELOAD", this.library.toString(), "FAKETIME_TIMESTAMP_FILE", this.offsetFile.toString(),
				"FAKETIME_DONT_FAKE_MONOTONIC", "1", "FAKETIME_FORCE_MONOTONIC_FIX", "0", "FAKETIME_CACHE_DURATION",
				"1");
	}

	/**
	 * Sets the child's wall clock to real time plus {@code offset} (minus for a negative
	 * one). The child sees the new offset within about a second (libfaketime's cache).
	 */
	public void shift(Duration offset) {
		try {
			Path next = this.offsetFile.resolveSibling(this.offsetFile.getFileName() + ".next");
			Files.writeString(next, String.format(Locale.ROOT, "%+.3f", offset.toMillis() / 1000.0));
			Files.move(next, this.offsetFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** libfaketime for multi-threaded processes. */
	public static Path library() {
		for (String dir : List.of("/usr/lib/x86_64-linux-gnu/faketime", "/usr/lib/aarch64-linux-gnu/faketime",
				"/usr/lib64/faketime", "/usr/lib/faketime", "/usr/local/lib/faketime")) {
			Path library = Path.of(dir, "libfaketimeMT.so.1");
			if (Files.isReadable(library)) {
				return library;
			}
		}
		throw new IllegalStateException("libfaketimeMT.so.1 not found: install Debian's faketime package "
				+ "(scripts/install-test-tools.sh does)");
	}

}
