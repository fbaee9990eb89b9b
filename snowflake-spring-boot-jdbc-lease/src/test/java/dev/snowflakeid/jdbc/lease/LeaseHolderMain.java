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
package dev.snowflakeid.jdbc.lease;

import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.lease.LeaseTiming;

/**
 * A holder of a worker code in a JVM of its own, for a test to kill: claims a code from
 * the table in schema {@code args[1]} of the database at {@code args[0]}, prints
 * {@code HOLDS <code>}, then issues an ID about every half millisecond until killed,
 * appending each to the file {@code args[2]} (eight bytes, one write each, so that every
 * ID handed out is in the file whenever the process dies).
 */
public final class LeaseHolderMain {

	private LeaseHolderMain() {
	}

	public static void main(String[] args) throws IOException {
		LeaseTiming timing = JdbcFaultTests.TIMING;
		JdbcWorkerLeaseStore store = PostgreSqlLeaseFixture
			.storeBuilder(PostgreSqlLeaseFixture.dataSource(args[0], timing), args[1], timing)
			.build();
		LeaseWorker worker = LeaseWorker.start(store, timing, -1);
		System.out.println("HOLDS " + worker.lease().workerCode());
		System.out.flush();
		try (DataOutputStream ids = new DataOutputStream(new FileOutputStream(args[2]))) {
			while (true) {
				try {
					ids.writeLong(worker.nextId());
				}
				catch (IdGenerationException ex) {
					// refused at the ceiling: asked again, as a client retries
				}
				LockSupport.parkNanos(500_000);
			}
		}
	}

}
