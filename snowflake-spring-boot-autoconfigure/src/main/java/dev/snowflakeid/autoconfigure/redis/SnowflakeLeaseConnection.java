package dev.snowflakeid.autoconfigure.redis;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Holds the lease connection factory outside the container's lifecycle. A {@link LettuceConnectionFactory}
 * bean is a {@code SmartLifecycle} that the container stops before it destroys beans, but the lease is
 * released while beans are destroyed, after the generator has stopped: the connection must outlive the
 * worker that uses it. Destroyed after the store and the worker, which depend on it.
 */
final class SnowflakeLeaseConnection implements InitializingBean, DisposableBean {

	private final LettuceConnectionFactory factory;

	SnowflakeLeaseConnection(LettuceConnectionFactory factory) {
		this.factory = factory;
	}

	LettuceConnectionFactory factory() {
		return this.factory;
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
