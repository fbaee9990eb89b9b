package dev.snowflakeid.autoconfigure.redis;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Holds the lease connection factory outside the container's lifecycle. A {@link LettuceConnectionFactory}
 * bean is a {@code SmartLifecycle} that the container stops before it destroys beans, but the lease is
 * released while beans are destroyed, after the generator has stopped: the connection must outlive the
 * worker that uses it. The bean is lazy and created while the lease store is made, before the keeper and
 * the worker, so the container, which destroys singletons in the reverse order of their creation, destroys
 * it after them.
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
