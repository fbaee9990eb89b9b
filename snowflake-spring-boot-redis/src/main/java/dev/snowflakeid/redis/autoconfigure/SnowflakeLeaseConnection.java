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
package dev.snowflakeid.redis.autoconfigure;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Holds the lease connection factory outside the container's lifecycle. A
 * {@link LettuceConnectionFactory} bean is a {@code SmartLifecycle} that the container
 * stops before it destroys beans, but the lease is released while beans are destroyed,
 * after the generator has stopped: the connection must outlive the worker that uses it.
 * The bean is lazy and created while the lease store is made, before the keeper and the
 * worker, so the container, which destroys singletons in the reverse order of their
 * creation, destroys it after them.
 */
final class SnowflakeLeaseConnection implements InitializingBean, DisposableBean {

	private final LettuceConnectionFactory factory;

	private final LeaseRedisEndpoint endpoint;

	SnowflakeLeaseConnection(LettuceConnectionFactory factory, LeaseRedisEndpoint endpoint) {
		this.factory = factory;
		this.endpoint = endpoint;
	}

	LettuceConnectionFactory factory() {
		return this.factory;
	}

	/** The Redis the factory reaches, and how it was configured. */
	LeaseRedisEndpoint endpoint() {
		return this.endpoint;
	}

	@Override
	public void afterPropertiesSet() {
		this.factory.afterPropertiesSet();
	}

	@Override
	public void destroy() {
		this.factory.destroy();
	}

}
