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
package dev.snowflakeid.persistence;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.function.Supplier;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import org.hibernate.MappingException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.container.spi.ContainedBean;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;
import org.hibernate.service.ServiceRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.context.aot.AbstractAotProcessor;

/**
 * Hibernate generator behind {@link GeneratedSnowflakeId}: assigns
 * {@link IdGenerator#nextId()} before the {@code INSERT}, as a {@code Long}/{@code long}
 * or as its decimal {@code String}.
 *
 * <p>
 * The {@code IdGenerator} is the bean of the application context that built this session
 * factory, looked up once through Hibernate's {@link BeanContainer}; Spring's
 * {@code HibernateJpaVendorAdapter}, which Spring Boot uses, configures that container as
 * a {@code SpringBeanContainer} over the application's bean factory. No static state is
 * kept, so several application contexts in one JVM each use their own generator and
 * worker lease. At run time the lookup happens in {@link #initialize}, when the session
 * factory is built, so a missing bean fails startup with
 * {@link MissingIdGeneratorException} instead of the first insert. During Spring AOT
 * processing ({@code spring.aot.processing}), when Spring Data JPA builds a session
 * factory only to read the mapping and no bean exists, the lookup waits for the first ID
 * instead.
 *
 * <p>
 * Hibernate creates the generator either as a Spring bean (with
 * {@code hibernate.cdi.extensions}, which Spring sets) or reflectively; both use the
 * no-argument constructor and then {@link #initialize}, so both find the generator the
 * same way and fail the same way.
 */
public final class SnowflakeIdentifierGenerator
		implements BeforeExecutionGenerator, AnnotationBasedGenerator<GeneratedSnowflakeId> {

	private static final long serialVersionUID = 1L;

	private static final BeanContainer.LifecycleOptions SHARED_BEAN = new BeanContainer.LifecycleOptions() {

		@Override
		public boolean canUseCachedReferences() {
			return false;
		}

		@Override
		public boolean useJpaCompliantCreation() {
			// false: the container's existing bean, never a new instance created for
			// Hibernate
			return false;
		}

	};

	private transient volatile @Nullable IdGenerator ids;

	// set by initialize, which Hibernate calls before any other method
	@SuppressWarnings("NullAway.Init")
	private transient ServiceRegistry services;

	// set by initialize, which Hibernate calls before any other method
	@SuppressWarnings("NullAway.Init")
	private String attribute;

	private boolean asString;

	// empty for the primary IdGenerator
	private String generator = "";

	private transient volatile IdFormats.@Nullable Form form;

	/**
	 * Creates a generator; Hibernate then calls {@link #initialize}.
	 */
	public SnowflakeIdentifierGenerator() {
	}

	/**
	 * Checks the attribute's type and takes the application's {@code IdGenerator} bean
	 * and, for a {@code String} attribute, its {@link GeneratedSnowflakeIdForm} bean
	 * (during AOT processing, at the first ID instead).
	 * @param annotation the annotation on the attribute
	 * @param member the annotated field or getter
	 * @param context Hibernate's creation context, giving access to its services
	 * @throws MissingIdGeneratorException if the application context has no single
	 * {@code IdGenerator} (during AOT processing, thrown by the first {@link #generate}
	 * instead)
	 */
	@Override
	public void initialize(GeneratedSnowflakeId annotation, Member member, GeneratorCreationContext context) {
		this.attribute = member.getDeclaringClass().getName() + "." + member.getName();
		this.asString = isString(this.attribute, attributeType(member));
		this.services = context.getServiceRegistry();
		this.generator = annotation.generator();
		if (!Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING)) {
			this.ids = lookUp(this.attribute, this.generator, this.services);
			this.form = lookUpForm(this.asString, this.services);
		}
	}

	/**
	 * Returns a new ID, or {@code currentValue} when the attribute already holds one (not
	 * {@code null}, {@code 0} or empty). An id attribute never holds one here: JPA treats
	 * an entity with an id as detached.
	 */
	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, @Nullable Object currentValue,
			EventType eventType) {
		if (!GeneratedSnowflakeIdRules.isUnassigned(currentValue)) {
			return currentValue;
		}
		return GeneratedSnowflakeIdRules.inForm(ids().nextId(), this.asString, form());
	}

	private IdGenerator ids() {
		IdGenerator ids = this.ids;
		if (ids == null) {
			ids = lookUp(this.attribute, this.generator, this.services);
			this.ids = ids;
		}
		return ids;
	}

	private IdFormats.Form form() {
		IdFormats.Form form = this.form;
		if (form == null) {
			form = lookUpForm(this.asString, this.services);
			this.form = form;
		}
		return form;
	}

	@Override
	public EnumSet<EventType> getEventTypes() {
		return EventTypeSets.INSERT_ONLY;
	}

	private static Class<?> attributeType(Member member) {
		if (member instanceof Field field) {
			return field.getType();
		}
		if (member instanceof Method method) {
			return method.getReturnType();
		}
		throw new MappingException("@GeneratedSnowflakeId on unsupported member " + member);
	}

	private static boolean isString(String attribute, Class<?> type) {
		try {
			return GeneratedSnowflakeIdRules.holdsText(attribute, type);
		}
		catch (IllegalArgumentException ex) {
			throw new MappingException(ex.getMessage());
		}
	}

	private static IdGenerator lookUp(String attribute, String generator, ServiceRegistry services) {
		BeanContainer container = services.requireService(ManagedBeanRegistry.class).getBeanContainer();
		if (container == null) {
			throw new MissingIdGeneratorException(attribute,
					"Hibernate has no bean container to take the "
							+ "IdGenerator bean from; set hibernate.resource.beans.container to Spring's "
							+ "SpringBeanContainer (Spring Boot does this by default)");
		}
		ContainedBean<IdGenerator> bean = generator.isEmpty()
				? container.getBean(IdGenerator.class, SHARED_BEAN, new FallbackProducer(() -> {
					throw GeneratedSnowflakeIdRules.noSingleGenerator(attribute);
				})) : container.getBean(generator, IdGenerator.class, SHARED_BEAN, new FallbackProducer(() -> {
					throw GeneratedSnowflakeIdRules.noNamedGenerator(attribute, generator);
				}));
		IdGenerator ids = bean.getBeanInstance();
		if (ids == null) {
			throw new MissingIdGeneratorException(attribute, "the bean container returned no IdGenerator");
		}
		return ids;
	}

	/**
	 * The {@link GeneratedSnowflakeIdForm} bean, or decimal digits without one (or
	 * without a bean container), read once when Hibernate creates the generator; a
	 * numeric attribute needs none.
	 */
	private static IdFormats.Form lookUpForm(boolean asString, ServiceRegistry services) {
		if (!asString) {
			return IdFormats.Form.DECIMAL;
		}
		BeanContainer container = services.requireService(ManagedBeanRegistry.class).getBeanContainer();
		if (container == null) {
			return IdFormats.Form.DECIMAL;
		}
		GeneratedSnowflakeIdForm form = container
			.getBean(GeneratedSnowflakeIdForm.class, SHARED_BEAN,
					new FallbackProducer(() -> GeneratedSnowflakeIdForm.DECIMAL))
			.getBeanInstance();
		return (form != null) ? form.form() : IdFormats.Form.DECIMAL;
	}

	/**
	 * Called by the bean container when it has no single bean of the type asked for:
	 * gives the fallback, which for the {@code IdGenerator} throws rather than create
	 * one, since a second generator would share neither the worker lease nor the sequence
	 * of the configured one.
	 */
	private record FallbackProducer(Supplier<Object> fallback) implements BeanInstanceProducer {

		@Override
		public <B> B produceBeanInstance(Class<B> beanType) {
			return beanType.cast(this.fallback.get());
		}

		@Override
		public <B> B produceBeanInstance(String name, Class<B> beanType) {
			return produceBeanInstance(beanType);
		}

	}

}
