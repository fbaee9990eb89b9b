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
package dev.snowflakeid.actuate;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeMetricsTests {

	@Test
	void freeCodesAreReadFromTheStoreAtMostOncePerRefreshInterval() {
		CountingStore store = new CountingStore(42);
		SnowflakeMetrics.AvailableCodes codes = new SnowflakeMetrics.AvailableCodes(store, Duration.ofHours(1));
		assertThat(codes.value()).isEqualTo(42.0);
		store.free.set(41);
		assertThat(codes.value()).isEqualTo(42.0);
		assertThat(codes.value()).isEqualTo(42.0);
		assertThat(store.reads).hasValue(1);
	}

	@Test
	void freeCodesAreReadAgainOnceTheIntervalPassed() {
		CountingStore store = new CountingStore(42);
		SnowflakeMetrics.AvailableCodes codes = new SnowflakeMetrics.AvailableCodes(store, Duration.ZERO);
		assertThat(codes.value()).isEqualTo(42.0);
		store.free.set(41);
		assertThat(codes.value()).isEqualTo(41.0);
		assertThat(store.reads).hasValue(2);
	}

	@Test
	void freeCodesAreUnknownWhileTheStoreCannotAnswer() {
		CountingStore store = new CountingStore(42);
		SnowflakeMetrics.AvailableCodes codes = new SnowflakeMetrics.AvailableCodes(store, Duration.ZERO);
		store.failing = true;
		assertThat(codes.value()).isNaN();
		store.failing = false;
		store.free.set(-1);
		assertThat(codes.value()).isNaN();
		store.free.set(7);
		assertThat(codes.value()).isEqualTo(7.0);
	}

	static final class CountingStore implements WorkerLeaseStore {

		final AtomicLong free;

		final AtomicInteger reads = new AtomicInteger();

		volatile boolean failing;

		CountingStore(long free) {
			this.free = new AtomicLong(free);
		}

		@Override
		public long availableCodes() {
			this.reads.incrementAndGet();
			if (this.failing) {
				throw new LeaseStoreUnavailableException("store down", null);
			}
			return this.free.get();
		}

		@Override
		public LeaseGrant claim(int preferredCode) {
			throw new UnsupportedOperationException();
		}

		@Override
		public LeaseRenewal renew(LeaseGrant grant) {
			throw new UnsupportedOperationException();
		}

		@Override
		public void release(LeaseGrant grant, long lastUsedMillis) {
		}

		@Override
		public String name() {
			return "counting";
		}

	}

}
