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
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The files of a redis-server's directory: its log and its data. */
final class ServerFiles {

	private ServerFiles() {
	}

	/** The last 20 lines of the server's log. */
	static String log(Path dir) {
		try {
			Path log = dir.resolve("redis.log");
			if (!Files.exists(log)) {
				log = dir.resolve("stdout.log");
			}
			List<String> lines = Files.readAllLines(log);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	/**
	 * Deletes the data files (snapshot, append-only files, Cluster state) in {@code dir}.
	 */
	static void deleteData(Path dir) {
		try (Stream<Path> files = Files.list(dir)) {
			for (Path file : files.toList()) {
				String name = file.getFileName().toString();
				if (name.equals("dump.rdb") || name.startsWith("appendonly") || name.equals("nodes.conf")) {
					deleteRecursively(file);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Deletes {@code path} and everything below it; best effort, for temporary
	 * directories.
	 */
	static void deleteRecursively(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> walk = Files.walk(path)) {
			for (Path each : walk.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(each);
			}
		}
		catch (IOException ex) {
			// temporary directory; best effort
		}
	}

}
