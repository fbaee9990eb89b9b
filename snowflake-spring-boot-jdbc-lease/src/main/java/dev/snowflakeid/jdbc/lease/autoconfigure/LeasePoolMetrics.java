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
package dev.snowflakeid.jdbc.lease.autoconfigure;

import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import org.jspecify.annotations.Nullable;

/**
 * Where the store's connection pool reports its connections, waits and timeouts: the
 * application's meter registry when Micrometer is present. The pool is no
 * {@code DataSource} bean (it would stand in for the application's), so Spring Boot's own
 * data-source metrics do not see it.
 */
@FunctionalInterface
interface LeasePoolMetrics {

	/** Reports nowhere. */
	LeasePoolMetrics NONE = () -> null;

	/** The tracker factory for the pool, or {@code null} for none. */
	@Nullable MetricsTrackerFactory trackerFactory();

}
