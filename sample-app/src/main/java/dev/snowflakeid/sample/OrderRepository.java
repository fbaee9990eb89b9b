package dev.snowflakeid.sample;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

interface OrderRepository extends JpaRepository<Order, Long> {

	Optional<Order> findByIdempotencyKey(String idempotencyKey);

	List<Order> findTop50ByOrderByIdDesc();

}
