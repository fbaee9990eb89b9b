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
package dev.snowflakeid.chaos;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class IdLogTests {

	@TempDir
	Path dir;

	@Test
	void readsBackEveryRecordInOrder() {
		Path file = this.dir.resolve("w.bin");
		IdLog.Header header = new IdLog.Header("r1w2", 1, 3, 4242, System.nanoTime());
		try (IdLog.Writer log = IdLog.create(file, header)) {
			log.lease(new IdLog.Lease("ACQUIRED", 2, 7, Long.MIN_VALUE, 1_800_000_000_000L));
			log.ids(new long[] { 5, 6, 1L << 60 }, 3);
			log.refusal(IdLog.Refusal.LEASE_UNAVAILABLE);
			log.ids(new long[] { 4, 99 }, 1);
		}
		Recorder recorder = new Recorder();
		assertThat(IdLog.read(file, recorder)).isFalse();
		assertThat(recorder.header).isEqualTo(header);
		assertThat(recorder.events).containsExactly(
				"lease " + new IdLog.Lease("ACQUIRED", 2, 7, Long.MIN_VALUE, 1_800_000_000_000L),
				"ids " + Arrays.toString(new long[] { 5, 6, 1L << 60 }), "refusal LEASE_UNAVAILABLE", "ids [4]");
		assertThat(recorder.times).isSorted()
			.allSatisfy((nanos) -> assertThat(nanos).isGreaterThanOrEqualTo(header.startNanos()));
	}

	@Test
	void stopsQuietlyAtATornLastRecord() throws IOException {
		Path file = this.dir.resolve("w.bin");
		try (IdLog.Writer log = IdLog.create(file, new IdLog.Header("r0w0", 0, 0, 1, System.nanoTime()))) {
			log.ids(new long[] { 10, 11 }, 2);
			log.ids(new long[] { 1L << 40, (1L << 40) + 1 }, 2);
		}
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
			channel.truncate(Files.size(file) - 2);
		}
		Recorder recorder = new Recorder();
		assertThat(IdLog.read(file, recorder)).isTrue();
		assertThat(recorder.events).containsExactly("ids [10, 11]");
	}

	private static final class Recorder implements IdLog.Visitor {

		private IdLog.Header header;

		private final List<String> events = new ArrayList<>();

		private final List<Long> times = new ArrayList<>();

		@Override
		public void header(IdLog.Header header) {
			this.header = header;
		}

		@Override
		public void ids(long nanos, long[] ids, int count) {
			this.times.add(nanos);
			this.events.add("ids " + Arrays.toString(Arrays.copyOf(ids, count)));
		}

		@Override
		public void refusal(long nanos, IdLog.Refusal reason) {
			this.times.add(nanos);
			this.events.add("refusal " + reason);
		}

		@Override
		public void lease(long nanos, IdLog.Lease lease) {
			this.times.add(nanos);
			this.events.add("lease " + lease);
		}

	}

}
