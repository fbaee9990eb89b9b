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
package dev.snowflakeid.benchmarks.inserts;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.Transaction;

/**
 * Inserts rows of one strategy from several threads, each with a session of its own: a
 * flush and clear every {@value #FLUSH_EVERY} rows (the JDBC batch size) and a commit
 * every {@code commitEvery} rows.
 */
final class Inserter {

	/** Rows per flush, equal to {@code hibernate.jdbc.batch_size}. */
	static final int FLUSH_EVERY = 50;

	private final SessionFactory sessions;

	private final KeyStrategy strategy;

	private final int commitEvery;

	Inserter(SessionFactory sessions, KeyStrategy strategy, int commitEvery) {
		this.sessions = sessions;
		this.strategy = strategy;
		this.commitEvery = commitEvery;
	}

	/**
	 * Inserts {@code rows} rows split evenly over {@code threads} threads started
	 * together.
	 * @return nanoseconds from the start signal until the last thread committed
	 */
	long insert(long rows, int threads) throws InterruptedException {
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch ready = new CountDownLatch(threads);
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> done = new ArrayList<>();
			long first = 0;
			for (int thread = 0; thread < threads; thread++) {
				long share = rows / threads + ((thread < rows % threads) ? 1 : 0);
				long from = first;
				done.add(executor.submit(() -> {
					ready.countDown();
					start.await();
					insert(from, share);
					return null;
				}));
				first += share;
			}
			ready.await();
			long started = System.nanoTime();
			start.countDown();
			for (Future<?> thread : done) {
				thread.get();
			}
			return System.nanoTime() - started;
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(this.strategy + ": an insert thread failed", ex.getCause());
		}
		finally {
			executor.shutdownNow();
		}
	}

	private void insert(long from, long count) {
		try (Session session = this.sessions.openSession()) {
			long end = from + count;
			for (long chunk = from; chunk < end; chunk += this.commitEvery) {
				long chunkEnd = Math.min(end, chunk + this.commitEvery);
				Transaction transaction = session.beginTransaction();
				for (long index = chunk; index < chunkEnd; index++) {
					InsertRow row = this.strategy.newRow();
					row.fill(index, Instant.now());
					session.persist(row);
					if ((index - chunk + 1) % FLUSH_EVERY == 0) {
						session.flush();
						session.clear();
					}
				}
				transaction.commit();
				session.clear();
			}
		}
	}

}
